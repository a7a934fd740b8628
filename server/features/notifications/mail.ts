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
}

export async function sendMail(config: Config, mail: Mail): Promise<void> {
  const from = config.notify.mailFrom ?? `Workspace <no-reply@${hostOf(config.publicUrl)}>`;
  await transport(config).sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
}

function hostOf(url: string | undefined): string {
  try {
    return url ? new URL(url).hostname : "localhost";
  } catch {
    return "localhost";
  }
}
