export * from "./endpoint";
export * from "./envelope";
export * from "./reference";
export * from "./auth";
export * from "./outbox";
