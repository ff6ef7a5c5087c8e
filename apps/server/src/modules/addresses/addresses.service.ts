import type { CustomerAddressWire } from "@loupe/contract";
import { ADDRESS_GUEST_MESSAGE, type AddressValues, addressSchema } from "@loupe/domain";
import { desc, eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { type Editor, matchVersion, nextVersion, readVersion } from "../../platform/db/versioning";
import { notFound, validationError } from "../../platform/http/app-error";
import { parseOrThrow } from "../../platform/http/validate";
import { staleOrMissing } from "../staff";
import { customerIdOf } from "./addresses.queries";
import { billingAddresses } from "./addresses.tables";

type AddressRow = typeof billingAddresses.$inferSelect;

const toWire = (a: AddressRow): CustomerAddressWire => ({
  id: a.id,
  customer_id: a.customerId,
  first_name: a.firstName,
  last_name: a.lastName,
  email: a.email,
  mobile: a.mobile,
  updated_at: a.updatedAt.toISOString(),
  version: a.version,
  address: {
    type: a.type,
    description: a.description,
    address1: a.address1,
    address2: a.address2,
    suburb: a.suburb,
    city: a.city,
    state: a.state,
    postcode: a.postcode,
    country: a.country,
  },
});

const columns = (v: AddressValues) => ({
  type: v.type,
  firstName: v.first_name,
  lastName: v.last_name,
  email: v.email,
  mobile: v.mobile,
  description: v.description,
  address1: v.address1,
  address2: v.address2,
  suburb: v.suburb,
  city: v.city,
  state: v.state,
  postcode: v.postcode,
  country: v.country,
});

export function createAddressesService(db: Db) {
  return {
    async list(customerId: number) {
      const rows = await db
        .select()
        .from(billingAddresses)
        .where(eq(billingAddresses.customerId, customerId))
        .orderBy(desc(billingAddresses.updatedAt), desc(billingAddresses.id));
      return rows.map(toWire);
    },
    /** Guests have no customer record (customer id 0 on their orders), so they cannot keep an address. */
    async create(editor: Editor, customerId: number, input: unknown) {
      if (customerId === 0) throw validationError({ customer_id: [ADDRESS_GUEST_MESSAGE] });
      const [c] = await customerIdOf(db, customerId);
      if (!c) throw notFound("Customer");
      const v = parseOrThrow(addressSchema, input);
      const [row] = await db
        .insert(billingAddresses)
        .values({ ...columns(v), customerId, updatedBy: editor.id })
        .returning();
      return toWire(row);
    },
    /** Edits from a stale read (an older `version`) are refused with a 409, never applied. */
    async update(editor: Editor, id: number, input: unknown) {
      const [current] = await db.select().from(billingAddresses).where(eq(billingAddresses.id, id));
      if (!current) throw notFound("Address");
      const expected = readVersion((input as { version?: unknown } | null)?.version);
      const v = parseOrThrow(addressSchema, input);
      const [row] = await db
        .update(billingAddresses)
        .set({ ...columns(v), ...nextVersion(billingAddresses, editor) })
        .where(matchVersion(billingAddresses, id, expected))
        .returning();
      if (!row)
        throw await staleOrMissing(db, billingAddresses, {
          id,
          expected,
          record: "address",
          editor,
          missing: () => notFound("Address"),
        });
      return toWire(row);
    },
  };
}
