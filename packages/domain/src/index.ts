export * from "./auth-rules";
export * from "./constants";
export * from "./messages";
export * from "./status-rules";
