import type { Db } from "../../platform/db/client";
import { defineSlot } from "../../platform/slots";

/**
 * Whether any lens order went through a contact (it then stays, made inactive, when removed).
 * Lens orders sit above suppliers: the lens-orders module answers it (platform/slots.ts).
 */
export const contactHasOrdersSlot = defineSlot<(db: Db, contactId: number) => Promise<boolean>>(
  "suppliers.contactHasOrders",
);
