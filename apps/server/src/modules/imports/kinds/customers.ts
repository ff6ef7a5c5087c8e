// Customers from another system (issue 46): each row checked by the customer form's rules
// (customerSchema) and its address by the address form's (addressSchema: the AU state and suburb,
// the postcode per country), then matched by the one rule shared with the POS intake: a row whose
// e-mail or mobile names exactly one customer Loupe already has is linked to that customer
// ("merged": only its empty fields are filled), any other row makes a customer.

import {
  addressSchema,
  customerSchema,
  DEFAULT_ADDRESS_TYPE,
  decideMatch,
  IMPORT_SOURCE_SYSTEM_LABELS,
  isSmsCountry,
  type MatchKey,
  matchKeys,
} from "@loupe/domain";
import { insertImportedAddresses } from "../../addresses";
import {
  customersByEmailOrMobile,
  deleteImportedCustomers,
  fillImportedCustomers,
  type ImportedCustomer,
  indexImportedCustomers,
  insertImportedCustomers,
  recordCustomerEvents,
  unindexImportedCustomers,
} from "../../customers";
import type { ImportCellError, ImportKindHandler, ImportOutcome } from "../import-kind";
import { madeBySource } from "../import-records";

interface CustomerRecord {
  customer: ImportedCustomer;
  address: {
    address1: string;
    address2: string | null;
    suburb: string | null;
    state: string | null;
    postcode: string;
    country: string;
  } | null;
  country: string;
}

/** customerSchema's and addressSchema's paths → the import's field keys. */
const CUSTOMER_FIELD: Record<string, string> = {
  first_name: "first_name",
  last_name: "last_name",
  email: "email",
  mobile: "mobile",
  phone: "phone",
  dob: "dob",
  gender: "gender",
  occupation: "occupation",
  hobbies: "hobbies",
  new_opt_in: "opt_in",
  channel_sms: "channel_sms",
  channel_phone: "channel_phone",
  channel_email: "channel_email",
};
const ADDRESS_FIELD: Record<string, string> = {
  address1: "address_line1",
  address2: "address_line2",
  suburb: "suburb",
  city: "suburb",
  state: "state",
  postcode: "postcode",
};
const ADDRESS_KEYS = ["address_line1", "address_line2", "suburb", "state", "postcode"];

const str = (v: unknown): string | null => (typeof v === "string" && v ? v : null);
const bool = (v: unknown): boolean | null => (typeof v === "boolean" ? v : null);

export const customersKind: ImportKindHandler<CustomerRecord> = {
  kind: "customers",
  grows: ["customers"],
  check(row, ctx) {
    const v = row.values;
    const errors: ImportCellError[] = [];
    const cell = (field: string, reason: string) =>
      errors.push({ field, column: row.columnOf(field), value: row.rawOf(field), reason });
    const outlet = ctx.outlets.find((o) => o.abbreviation === v.outlet) ?? null;
    const country = outlet?.country ?? ctx.country;
    // Consent as the old system had it; a file that says nothing of it gives none (no messages until
    // the customer or staff say so), rather than the new-customer form's "all messages".
    const optIn = (str(v.opt_in) as "ALL" | "HEALTH" | "NONE" | null) ?? null;
    const channelDefault = optIn !== null && optIn !== "NONE";
    const parsed = customerSchema.safeParse({
      first_name: v.first_name ?? "",
      last_name: v.last_name,
      email: v.email,
      mobile: v.mobile,
      phone: v.phone,
      dob: v.dob,
      gender: v.gender,
      occupation: v.occupation,
      hobbies: v.hobbies,
      new_opt_in: optIn ?? "NONE",
      channel_sms: bool(v.channel_sms) ?? channelDefault,
      channel_phone: bool(v.channel_phone) ?? channelDefault,
      channel_email: bool(v.channel_email) ?? channelDefault,
    });
    if (!parsed.success)
      for (const issue of parsed.error.issues)
        cell(CUSTOMER_FIELD[String(issue.path[0])] ?? "first_name", issue.message);
    if (str(v.created_on) && (v.created_on as string) > ctx.today)
      cell("created_on", "The customer since date must not be in the future.");
    let address: CustomerRecord["address"] = null;
    if (ADDRESS_KEYS.some((k) => str(v[k]))) {
      const a = addressSchema.safeParse({
        type: DEFAULT_ADDRESS_TYPE,
        first_name: "-",
        last_name: "-",
        email: "import@example.com",
        address1: v.address_line1 ?? "",
        address2: v.address_line2,
        suburb: v.suburb,
        city: v.suburb ?? "",
        state: v.state,
        postcode: v.postcode ?? "",
        country,
      });
      if (!a.success) {
        const seen = new Set<string>();
        for (const issue of a.error.issues) {
          const field = ADDRESS_FIELD[String(issue.path[0])];
          if (!field || seen.has(field)) continue; // the customer's own name and e-mail are checked above
          seen.add(field);
          cell(field, issue.message);
        }
      } else
        address = {
          address1: a.data.address1,
          address2: a.data.address2,
          suburb: a.data.suburb,
          state: a.data.state,
          postcode: a.data.postcode,
          country: a.data.country,
        };
    }
    if (errors.length || !parsed.success) return { ok: false, errors };
    const c = parsed.data;
    return {
      ok: true,
      outletId: outlet?.id ?? null,
      record: {
        country,
        address,
        customer: {
          firstName: c.first_name,
          lastName: c.last_name ?? "",
          email: c.email,
          mobile: c.mobile,
          phone: c.phone,
          dob: c.dob,
          gender: c.gender ?? null,
          occupation: c.occupation,
          hobbies: c.hobbies,
          newOptIn: c.new_opt_in,
          channelSms: c.channel_sms,
          channelPhone: c.channel_phone,
          channelEmail: c.channel_email,
          regionId: outlet?.regionId ?? null,
          outletId: outlet?.id ?? null,
          createdOn: str(v.created_on),
        },
      },
    };
  },

  async write(tx, rows, ctx) {
    // The matching rule (customer-match.ts), by e-mail and mobile only: a name with a date of birth
    // is evidence for the duplicates list, not enough to fold two people's records together.
    const keys = rows.map((r) =>
      matchKeys(
        {
          email: r.record.customer.email,
          mobile: r.record.customer.mobile,
          firstName: "",
          lastName: "",
          dateOfBirth: null,
        },
        isSmsCountry(r.record.country) ? r.record.country : ctx.country,
      ),
    );
    const emails = new Set<string>();
    const digits = new Set<string>();
    for (const ks of keys)
      for (const k of ks) {
        if (k.by === "email") emails.add(k.email);
        if (k.by === "mobile") for (const d of k.digitForms) digits.add(d);
      }
    // Customers this source system's own rows made are not "existing" ones: two source ids are two
    // records over there (a family sharing an e-mail), and the duplicates list is where they meet.
    const candidates = await customersByEmailOrMobile(tx, [...emails], [...digits]);
    const ownRows = await madeBySource(
      tx,
      ctx.sourceSystem,
      candidates.map((c) => c.id),
    );
    const found = candidates.filter((c) => !ownRows.has(c.id));
    const byEmail = new Map<string, number[]>();
    const byDigits = new Map<string, number[]>();
    for (const f of found) {
      if (f.email) byEmail.set(f.email, [...(byEmail.get(f.email) ?? []), f.id]);
      if (f.mobileDigits) byDigits.set(f.mobileDigits, [...(byDigits.get(f.mobileDigits) ?? []), f.id]);
    }
    const idsFor = (k: MatchKey): number[] =>
      k.by === "email"
        ? (byEmail.get(k.email) ?? [])
        : k.by === "mobile"
          ? k.digitForms.flatMap((d) => byDigits.get(d) ?? [])
          : [];

    const outcomes: (ImportOutcome | null)[] = rows.map(() => null);
    const toCreate: number[] = [];
    const toFill: { id: number; c: ImportedCustomer }[] = [];
    rows.forEach((r, i) => {
      const m = decideMatch(keys[i].map((key) => ({ key, ids: idsFor(key) })));
      if (m.outcome === "link") {
        outcomes[i] = { outcome: "merged", recordId: m.customerId };
        toFill.push({ id: m.customerId, c: r.record.customer });
      } else toCreate.push(i);
    });
    await fillImportedCustomers(tx, toFill, ctx.actor.id);
    const ids = await insertImportedCustomers(
      tx,
      toCreate.map((i) => rows[i].record.customer),
      ctx.actor.id,
    );
    toCreate.forEach((i, n) => {
      outcomes[i] = { outcome: "created", recordId: ids[n] };
    });
    await insertImportedAddresses(
      tx,
      toCreate.flatMap((i, n) => {
        const { customer: c, address: a } = rows[i].record;
        if (!a) return [];
        return [
          {
            customerId: ids[n],
            type: DEFAULT_ADDRESS_TYPE,
            firstName: c.firstName,
            lastName: c.lastName,
            email: c.email ?? "",
            mobile: c.mobile,
            address1: a.address1,
            address2: a.address2,
            suburb: a.suburb,
            city: a.suburb ?? "",
            state: a.state,
            postcode: a.postcode,
            country: a.country,
          },
        ];
      }),
      ctx.actor.id,
    );
    // Each record's History says where it came from, in the same transaction as the write.
    const source = IMPORT_SOURCE_SYSTEM_LABELS[ctx.sourceSystem];
    await recordCustomerEvents(
      tx,
      rows.map((r, i) => {
        const o = outcomes[i] as ImportOutcome;
        const where = `${source} (batch #${ctx.batchId}, source id ${r.sourceId})`;
        return {
          customerId: o.recordId,
          kind: "imported" as const,
          detail:
            o.outcome === "created"
              ? `Imported from ${where}`
              : `Matched a customer imported from ${where}: only empty fields were filled`,
          staffId: ctx.actor.id || null,
          ref: { batch_id: ctx.batchId, source_id: r.sourceId },
        };
      }),
    );
    return outcomes as ImportOutcome[];
  },

  async afterCommit({ db, search }, outcomes) {
    await indexImportedCustomers(
      db,
      search,
      outcomes.map((o) => o.recordId),
    );
  },

  async undo(tx, recordIds) {
    await deleteImportedCustomers(tx, recordIds);
  },

  async afterUndo({ search }, recordIds) {
    await unindexImportedCustomers(search, recordIds);
  },
};
