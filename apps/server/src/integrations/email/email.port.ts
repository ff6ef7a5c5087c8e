export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  attachments?: (
    | { filename: string; path: string }
    | { filename: string; content: Buffer; contentType: string }
  )[];
}

/** Delivers one e-mail or throws. `null` adapter means "keep it in the outbox only". */
export interface EmailSender {
  readonly name: string;
  send(message: EmailMessage): Promise<{ messageId: string }>;
  close?(): Promise<void>;
}
