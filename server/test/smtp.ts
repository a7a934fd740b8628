// For tests: a real local SMTP server (smtp-server) on a free port that keeps what it receives.
import net from "node:net";
import { SMTPServer } from "smtp-server";

export interface Received {
  to: string[];
  data: string;
}

export interface SmtpSink {
  port: number;
  inbox: Received[];
  close: () => Promise<void>;
}

export async function startSmtp(): Promise<SmtpSink> {
  const inbox: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), data: Buffer.concat(chunks).toString("utf8") });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const port = ((server as unknown as { server: net.Server }).server.address() as net.AddressInfo).port;
  return { port, inbox, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Quoted-printable soft line breaks and =3D undone, so a long line reads as one. */
export const unfold = (s: string) => s.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
