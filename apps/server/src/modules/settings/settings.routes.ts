import { getRoleSettings, updateRoleSettings } from "@loupe/contract";
import { ROLE_MESSAGES } from "@loupe/domain";
import type { ModuleContext } from "../module-context";
import { createSettingsService } from "./settings.service";

export function registerSettingsRoutes({ bind, db }: ModuleContext): void {
  const service = createSettingsService({ db });
  bind(getRoleSettings, async () => ({ data: await service.read() }));
  bind(updateRoleSettings, async ({ staff, body }) => ({
    message: ROLE_MESSAGES.settingsSaved,
    data: await service.update(staff, body.settings, body.version),
  }));
}
