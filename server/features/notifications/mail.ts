// Mail over SMTP (docs/notifications.md): only where SMTP_URL is set; without it nothing is
// mailed and nothing else changes.
import nodemailer, { type Transporter } from "nodemailer";
import type { Config } from "../../config";

const transports = new WeakMap<Config, Transporter>();

export const mailEnabled = (config: Config) => !!config.notify.smtpUrl;

function transport(config: Config): Transporter {
  let t = transports.get(config);
  if (!t) {
    t = nodemailer.createTransport(config.notify.smtpUrl);
    transports.set(config, t);
  }
  return t;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The same for every attempt of one job, so a mail sent again is known as the same one. */
  messageId?: string;
}

/** A job's Message-ID: its id and creation time, the same whichever node sends it and however often. */
export const mailMessageId = (config: Config, job: { id: number; created_at: Date }) => `<notification-${job.id}.${new Date(job.created_at).getTime()}@${hostOf(config.publicUrl)}>`;

export async function sendMail(config: Config, mail: Mail): Promise<void> {
  const from = config.notify.mailFrom ?? `Workspace <no-reply@${hostOf(config.publicUrl)}>`;
  await transport(config).sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, ...(mail.messageId ? { messageId: mail.messageId } : {}) });
}

function hostOf(url: string | undefined): string {
  try {
    return url ? new URL(url).hostname : "localhost";
  } catch {
    return "localhost";
  }
}
