import { createShopLogin, redeemShopLogin } from "@loupe/contract";
import type { ModuleContext } from "../module-context";
import { createShopLoginService } from "./shop-login.service";

export function registerShopLoginRoutes({ bind, db, config }: ModuleContext): void {
  const service = createShopLoginService({ db, config });
  bind(createShopLogin, async ({ staff, params }) => ({ data: await service.createLink(staff, params.id) }));
  bind(redeemShopLogin, async ({ body }) => ({ data: await service.redeem(body.token) }));
}
