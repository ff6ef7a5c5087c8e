// What other modules may use of settings.
export { readRoleSettings } from "./settings.service";
