import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

export interface SmtpSink {
  url: string;
  mails: ReceivedMail[];
  /** How many of the next messages to refuse with a temporary error (451), as a struggling server would. */
  refuseNext: number;
  /** Addresses refused for good at RCPT TO (550 no such mailbox), as a server that will never take them. */
  refuseAddresses: Set<string>;
  close: () => Promise<void>;
}

/** A real SMTP server on a free loopback port that keeps what it receives, for tests of the e-mail path. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onRcptTo(address, _session, callback) {
      if (sink.refuseAddresses.has(address.address.toLowerCase()))
        return callback(Object.assign(new Error("5.1.1 Mailbox unavailable"), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      if (sink.refuseNext > 0) {
        sink.refuseNext -= 1;
        stream.resume();
        stream.on("end", () =>
          callback(Object.assign(new Error("Mailbox busy, try again later"), { responseCode: 451 })),
        );
        return;
      }
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", async () => {
        const parsed = await simpleParser(Buffer.concat(chunks));
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address).join(","),
          subject: parsed.subject ?? "",
          text: parsed.text ?? "",
          attachments: parsed.attachments.map((a) => ({
            filename: a.filename ?? "",
            contentType: a.contentType,
            content: a.content,
          })),
        });
        callback();
      });
    },
  });
  const sink: SmtpSink = {
    url: "",
    mails,
    refuseNext: 0,
    refuseAddresses: new Set(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  sink.url = `smtp://127.0.0.1:${(server.server.address() as { port: number }).port}`;
  return sink;
}
