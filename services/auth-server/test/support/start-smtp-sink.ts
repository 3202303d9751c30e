import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  /** The raw message: headers and body. */
  raw: string;
}

export interface SmtpSink {
  /** smtp://127.0.0.1:<port>, as SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  stop(): Promise<void>;
}

/** A local SMTP server (npm smtp-server) that keeps every message it is given. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const address = server.server.address();
  if (address === null || typeof address === "string") throw new Error("the SMTP sink has no port");
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
