import type { Config } from "../../config";
import type { EmailSender } from "./email.port";
import { createSmtpSender } from "./smtp.adapter";

export type { EmailMessage, EmailSender } from "./email.port";

/** SMTP when SMTP_URL is set; otherwise no sender, and e-mails wait in the outbox table. */
export function createEmailSender(config: Pick<Config, "SMTP_URL" | "MAIL_FROM">): EmailSender | null {
  return config.SMTP_URL ? createSmtpSender(config.SMTP_URL, config.MAIL_FROM) : null;
}
