import { type CustomerSearchQuery, type CustomerWire, customerBody } from "@loupe/contract";
import {
  type Channels,
  type CustomerValues,
  channelsForOptIn,
  customerSchema,
  isOptInConsistent,
  isSearchTooShort,
  OPT_IN_CONTRADICTION,
  type OptIn,
  optInForChannels,
  SEARCH_TOO_SHORT,
} from "@loupe/domain";
import { eq, inArray } from "drizzle-orm";
import type { SearchPort } from "../../integrations/search";
import type { Database } from "../../platform/db/client";
import { type Editor, matchVersion, nextVersion, readVersion } from "../../platform/db/versioning";
import { notFound, validationError } from "../../platform/http/app-error";
import { parseOrThrow } from "../../platform/http/validate";
import type { Slots } from "../../platform/slots";
import type { StaffRow } from "../staff";
import { staleOrMissing } from "../staff";
import { customerHistoryPage } from "./customer-history.queries";
import { type CustomerRow, toCustomerWire, toSearchDocument } from "./customers.mappers";
import { customerRedirectOf, mergedIntoError } from "./customers.merge";
import { allRegions, outletIdOf } from "./customers.queries";
import { searchCustomers } from "./customers.search";
import { CUSTOMER_INDEX } from "./customers.search-index";
import { customerNotesCountSlot, customerNotesCountSqlSlot } from "./customers.slots";
import { customers } from "./customers.tables";

interface Deps {
  database: Database;
  search: SearchPort;
  /** The app's slots: the notes module answers the notes counts (customerNotesCountSlot). */
  slots: Slots;
}

type Body = Record<string, unknown> & {
  region_id?: number | null;
  outlet_id?: number | null;
  home_region?: number | null;
  active_region?: number | null;
};

const BODY_FIELDS = new Set(Object.keys(customerBody.shape));
/** An edit may also send back the version it read (ADR 0007). */
const UPDATE_FIELDS = new Set([...BODY_FIELDS, "version"]);
const CHANNELS = ["channel_sms", "channel_phone", "channel_email"] as const;
const PLACE_FIELDS = ["region_id", "outlet_id", "home_region", "active_region"] as const;
const placesSchema = customerBody.pick({
  region_id: true,
  outlet_id: true,
  home_region: true,
  active_region: true,
});

/** The list's route query as a search (the list and its export read it alike); a short search is refused on `q`. */
export function toSearchQuery(query: CustomerSearchQuery) {
  if (isSearchTooShort(query.q)) throw validationError({ q: [SEARCH_TOO_SHORT] });
  const page = Number(query.page ?? 1);
  const perPage = Number(query.per_page ?? 15);
  const text = query.q?.trim();
  // A phone typed with spaces or brackets is searched on its digits, as both engines index it.
  const digits = text?.replace(/[^0-9]/g, "") ?? "";
  return {
    q: text && /^[0-9+()\-\s]+$/.test(text) && digits.length >= 6 ? digits : text || undefined,
    filters: {
      dob: query.dob || undefined,
      region_id: query.region_id ? Number(query.region_id) : undefined,
    },
    page,
    perPage,
    sort: query.sort_by
      ? { field: query.sort_by, direction: (query.sort_direction || "desc") as "asc" | "desc" }
      : undefined,
  };
}

export function createCustomersService({ database, search, slots }: Deps) {
  const db = database.db;

  // Regions never change at run time; reading them once saves a query on every list.
  let regionCodes: Promise<Map<number, string>> | undefined;
  const countryCodes = () =>
    (regionCodes ??= allRegions(db).then((rows) => new Map(rows.map((r) => [r.id, r.countryCode]))));

  async function toWire(rows: CustomerRow[], knownNotes?: Map<number, number>): Promise<CustomerWire[]> {
    const [code, notes] = await Promise.all([
      countryCodes(),
      knownNotes ??
        customerNotesCountSlot.get(slots)(
          db,
          rows.map((r) => r.id),
        ),
    ]);
    return rows.map((r) =>
      toCustomerWire(r, {
        countryCode: r.regionId != null ? code.get(r.regionId) : null,
        notesCount: notes.get(r.id) ?? 0,
      }),
    );
  }

  async function rowsByIds(ids: number[]): Promise<CustomerRow[]> {
    if (!ids.length) return [];
    const rows = await db.select().from(customers).where(inArray(customers.id, ids));
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id) => byId.get(id)).filter((r): r is CustomerRow => !!r);
  }

  /** Opt-in and channels always agree (spec §4), whichever of them the form changed. */
  /**
   * The opt-in and channels to save: what the request says, as the form showed it. Channels the
   * request leaves out come from the opt-in when it sends a new one (the default it would show),
   * else stay as they were; an opt-in left out follows the channels (spec §4). An opt-in that
   * contradicts the channels it came with (None with a channel on, a choice with none) is refused.
   */
  function reconcileOptIn(
    values: CustomerValues,
    body: Body,
    before: { newOptIn: OptIn; channels: Channels } | null,
  ) {
    const optInSent = body.new_opt_in !== undefined;
    const optInChanged = optInSent && (!before || body.new_opt_in !== before.newOptIn);
    const fallback = optInChanged || !before ? channelsForOptIn(values.new_opt_in) : before.channels;
    const channels = Object.fromEntries(
      CHANNELS.map((c) => [c, body[c] === undefined ? fallback[c] : values[c]]),
    ) as unknown as Channels;
    if (optInSent && !isOptInConsistent(values.new_opt_in, channels))
      throw validationError({ new_opt_in: [OPT_IN_CONTRADICTION] });
    const newOptIn = optInSent ? values.new_opt_in : optInForChannels(before?.newOptIn ?? "ALL", channels);
    return { newOptIn, ...camel(channels) };
  }
  /** The profile columns of a validated customer form, shared by create and update. */
  function profileColumns(v: CustomerValues, body: Body, before: Parameters<typeof reconcileOptIn>[2]) {
    return {
      firstName: v.first_name,
      lastName: v.last_name ?? "",
      email: v.email,
      mobile: v.mobile,
      phone: v.phone,
      dob: v.dob,
      gender: v.gender ?? null,
      occupation: v.occupation,
      hobbies: v.hobbies,
      ...reconcileOptIn(v, body, before),
    };
  }
  const camel = (c: { channel_sms: boolean; channel_phone: boolean; channel_email: boolean }) => ({
    channelSms: c.channel_sms,
    channelPhone: c.channel_phone,
    channelEmail: c.channel_email,
  });

  /** The domain schema drops keys it does not know; the API refuses them instead, by name. */
  function refuseUnknownFields(body: unknown, allowed = BODY_FIELDS): asserts body is Body {
    if (typeof body !== "object" || body === null || Array.isArray(body)) {
      throw validationError({ body: ["The request body must be a JSON object."] });
    }
    const unknown = Object.keys(body).filter((k) => !allowed.has(k));
    if (unknown.length) {
      throw validationError(Object.fromEntries(unknown.map((k) => [k, [`The ${k} field is not allowed.`]])));
    }
  }

  /** Region and outlet ids sent by the client must exist: a clear 422 instead of a foreign-key failure. */
  async function checkPlaces(body: Body) {
    // Their shape first (positive ids that fit an integer column), by the contract's own schema.
    parseOrThrow(
      placesSchema,
      Object.fromEntries(PLACE_FIELDS.filter((k) => k in body).map((k) => [k, body[k]])),
    );
    const codes = await countryCodes();
    const errors: Record<string, string[]> = {};
    for (const field of ["region_id", "home_region", "active_region"] as const) {
      const id = body[field];
      if (id != null && !codes.has(id))
        errors[field] = [`The selected ${field.replace("_", " ")} is invalid.`];
    }
    const outletId = body.outlet_id;
    if (outletId != null) {
      const found = Number.isSafeInteger(outletId) && (await outletIdOf(db, outletId)).length > 0;
      if (!found) errors.outlet_id = ["The selected outlet id is invalid."];
    }
    if (Object.keys(errors).length) throw validationError(errors);
  }

  /** An edit of a merged customer names the kept one (409); of an unknown one, 404. */
  async function missingOrMerged(id: number) {
    const redirect = await customerRedirectOf(db, id);
    return redirect ? mergedIntoError(redirect.toId) : notFound("Customer");
  }

  async function reindex(row: CustomerRow) {
    await search.index(CUSTOMER_INDEX, [toSearchDocument(row)]);
  }

  return {
    toWire,
    async list(query: CustomerSearchQuery) {
      const sq = toSearchQuery(query);
      const { rows, notesCounts, total, totalKind } = await searchCustomers(
        database,
        sq,
        customerNotesCountSqlSlot.get(slots),
      );
      return { rows: await toWire(rows, notesCounts), total, totalKind, page: sq.page, perPage: sq.perPage };
    },

    async searchIndex(query: CustomerSearchQuery) {
      const sq = toSearchQuery(query);
      const { ids, total, totalKind } = await search.search(CUSTOMER_INDEX, sq);
      return { hits: await toWire(await rowsByIds(ids)), total, total_kind: totalKind };
    },

    async get(id: number) {
      const [row] = await db.select().from(customers).where(eq(customers.id, id));
      if (!row) throw notFound("Customer");
      return (await toWire([row]))[0];
    },

    /** A merged customer's id answers where it went (issue 46); any other missing id is a 404. */
    async getOrRedirect(id: number) {
      const [row] = await db.select().from(customers).where(eq(customers.id, id));
      if (row) return { data: (await toWire([row]))[0] };
      const redirect = await customerRedirectOf(db, id);
      if (!redirect) throw notFound("Customer");
      return { mergedInto: redirect.toId };
    },

    /** The customer's History (issue 46): a page of its events, newest first. */
    async history(id: number, page: number, perPage: number) {
      const [row] = await db.select({ id: customers.id }).from(customers).where(eq(customers.id, id));
      if (!row) {
        // A merged customer's History is the kept one's now (its own events moved there).
        const redirect = await customerRedirectOf(db, id);
        if (redirect) return { mergedInto: redirect.toId };
        throw notFound("Customer");
      }
      const { rows, total } = await customerHistoryPage(db, id, page, perPage);
      return {
        data: rows.map((r) => ({
          id: r.id,
          kind: r.kind,
          detail: r.detail,
          occurred_at: r.occurredAt.toISOString(),
          by: r.firstName === null ? null : `${r.firstName} ${r.lastName ?? ""}`.trim(),
          ref: r.ref ?? null,
        })),
        meta: {
          pagination: {
            total,
            count: rows.length,
            per_page: perPage,
            current_page: page,
            total_pages: Math.max(1, Math.ceil(total / perPage)),
          },
        },
      };
    },

    async create(staff: StaffRow, body: Body) {
      refuseUnknownFields(body);
      const v = parseOrThrow(customerSchema, body);
      await checkPlaces(body);
      // The client sends the staff member's region as region_id or as active_region; either will do.
      const regionId = body.region_id ?? body.active_region ?? staff.regionId ?? 1;
      const [row] = await db
        .insert(customers)
        .values({
          ...profileColumns(v, body, null),
          regionId,
          homeRegionId: body.home_region ?? regionId,
          outletId: body.outlet_id ?? staff.outletId,
          updatedBy: staff.id,
        })
        .returning();
      await reindex(row);
      return (await toWire([row]))[0];
    },

    /** Edits from a stale read (an older `version`) are refused with a 409, never applied. */
    async update(editor: Editor, id: number, input: Body) {
      refuseUnknownFields(input, UPDATE_FIELDS);
      const { version, ...body } = input;
      const expected = readVersion(version);
      const [current] = await db.select().from(customers).where(eq(customers.id, id));
      if (!current) throw await missingOrMerged(id);
      await checkPlaces(body);
      const merged = {
        first_name: current.firstName,
        last_name: current.lastName,
        email: current.email,
        mobile: current.mobile,
        phone: current.phone,
        dob: current.dob,
        gender: current.gender,
        occupation: current.occupation,
        hobbies: current.hobbies,
        new_opt_in: current.newOptIn,
        channel_sms: current.channelSms,
        channel_phone: current.channelPhone,
        channel_email: current.channelEmail,
        ...body,
      };
      const v = parseOrThrow(customerSchema, merged);
      const [row] = await db
        .update(customers)
        .set({
          ...profileColumns(v, body, {
            newOptIn: current.newOptIn as OptIn,
            channels: {
              channel_sms: current.channelSms,
              channel_phone: current.channelPhone,
              channel_email: current.channelEmail,
            },
          }),
          regionId: body.region_id ?? body.active_region ?? current.regionId,
          homeRegionId: body.home_region ?? current.homeRegionId,
          outletId: body.outlet_id ?? current.outletId,
          ...nextVersion(customers, editor),
        })
        .where(matchVersion(customers, id, expected))
        .returning();
      if (!row) {
        // Merged away while this edit was made (issue 46): the edit names where the person is now.
        const redirect = await customerRedirectOf(db, id);
        if (redirect) throw mergedIntoError(redirect.toId);
        throw await staleOrMissing(db, customers, {
          id,
          expected,
          record: "customer",
          editor,
          missing: () => notFound("Customer"),
        });
      }
      await reindex(row);
      return (await toWire([row]))[0];
    },
  };
}
export type CustomersService = ReturnType<typeof createCustomersService>;
