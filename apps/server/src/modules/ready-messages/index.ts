// What other modules may use of ready-messages (issue 27 §3–4). Its tables are not here.

export { readyMessagesCustomerMover } from "./ready-messages.merge";
export { registerReadyMessagesRoutes } from "./ready-messages.routes";
export {
  createReadyMessagesService,
  JOB_MESSAGE_META,
  type ReadyMessagesService,
} from "./ready-messages.service";
export { type ReadySettings, readySettingsOf, regionReadyStatuses } from "./ready-settings";
export { createStatusTokens, type StatusTokens } from "./status-link-token";
