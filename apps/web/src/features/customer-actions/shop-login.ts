import { createShopLogin } from "@loupe/contract";
import { callEndpoint } from "../../lib/api-client";

export const SHOP_LOGIN_OK = "Authorization link is generated successfully, you will redirect soon...";
export const SHOP_LOGIN_FAILED = "Failed to create token; this customer may not have an e-commerce account.";

/** Opens the shop as the customer in a new tab; the tab is opened first so pop-up blockers allow it. */
export async function openShopAsCustomer(customerId: number, alert: (ok: boolean, message: string) => void) {
  const tab = window.open("about:blank", "_blank");
  try {
    const res = await callEndpoint(createShopLogin, { params: { id: customerId } });
    alert(true, SHOP_LOGIN_OK);
    if (tab) tab.location.href = res.data.url;
  } catch {
    tab?.close();
    alert(false, SHOP_LOGIN_FAILED);
  }
}
