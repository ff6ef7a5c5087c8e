export * from "./auth";
export * from "./endpoint";
export * from "./envelope";
export * from "./outbox";
export * from "./reference";
