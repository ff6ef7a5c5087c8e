// What other modules may use of settings.
export { registerSettingsRoutes } from "./settings.routes";
export { createSettingsService, readRoleSettings } from "./settings.service";
