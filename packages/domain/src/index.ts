export * from "./messages";
