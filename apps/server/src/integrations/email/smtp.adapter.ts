import nodemailer from "nodemailer";
import type { EmailSender } from "./email.port";

export function createSmtpSender(smtpUrl: string, from: string): EmailSender {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    name: "smtp",
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      return { messageId: info.messageId };
    },
    async close() {
      transport.close();
    },
  };
}
