import { plainCustomerMover } from "../../platform/db/customer-rows";
import { shopLoginTokens } from "./shop-login.tables";

/** A customer merge (issue 46) moves the losing customer's shop_login_tokens to the kept one; its undo moves them back. */
export const shopLoginCustomerMover = plainCustomerMover([
  { table: shopLoginTokens, column: shopLoginTokens.customerId, name: "shop_login_tokens" },
]);
