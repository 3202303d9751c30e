import nodemailer from "nodemailer";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends e-mail (invitations). Rejects when the SMTP server refuses or cannot be reached. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * A mailer over SMTP (nodemailer): `url` is smtp:// or smtps:// with any credentials in it. Each
 * message waits at most ~10 s for the server, so a slow SMTP server delays the answer of the
 * request that sends, never holds it.
 */
export function createMailer(url: string, from: string): Mailer {
  const parsed = new URL(url);
  const transport = nodemailer.createTransport({
    host: parsed.hostname.replace(/^\[|\]$/g, ""),
    port: Number(parsed.port) || (parsed.protocol === "smtps:" ? 465 : 587),
    secure: parsed.protocol === "smtps:",
    ...(parsed.username
      ? { auth: { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) } }
      : {}),
    connectionTimeout: 5_000,
    greetingTimeout: 5_000,
    socketTimeout: 10_000,
  });
  return {
    async send(message) {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
    },
    close: () => transport.close(),
  };
}
