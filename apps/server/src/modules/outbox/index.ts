// What other modules may use of outbox.
export type { OutboxRow, OutboxService } from "./outbox.service";
