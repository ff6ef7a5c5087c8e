export interface SmsMessage {
  to: string;
  body: string;
}

export interface SmsSender {
  readonly name: string;
  send(message: SmsMessage): Promise<{ messageId: string }>;
}
