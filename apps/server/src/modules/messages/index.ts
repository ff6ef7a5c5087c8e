// What other modules may use of messages.
export { registerMessagesRoutes } from "./messages.routes";
