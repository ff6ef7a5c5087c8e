// What other modules may use of the shop login links.

export { shopLoginCustomerMover } from "./shop-login.merge";
export { registerShopLoginRoutes } from "./shop-login.routes";
export { createShopLoginService, SHOP_LOGIN_FAILED, SHOP_LOGIN_INVALID } from "./shop-login.service";
