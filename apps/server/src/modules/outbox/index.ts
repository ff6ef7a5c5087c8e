// What other modules may use of the outbox.
export { registerOutboxRoutes } from "./outbox.routes";
export {
  backoffMs,
  createOutboxService,
  DEFAULT_RETRY_POLICY,
  type GivenUpListener,
  isPermanentRefusal,
  type OutboxAttemptRow,
  type OutboxDeps,
  type OutboxRow,
  type OutboxService,
  type QueuedMessage,
  REDACTED_NOT_RETRIED,
  type RetryPolicy,
  type SecretHandling,
  type SentListener,
} from "./outbox.service";
export { OUTBOX_DELIVERY, registerOutboxDelivery } from "./outbox.worker";
export { type OutboxExportRow, outboxExportReader } from "./outbox-export";
