import {
  type CustomerMergeWire,
  customerMergeBody,
  type DuplicatePairWire,
  type MergePreviewWire,
  type MergeSideWire,
} from "@loupe/contract";
import {
  type CustomerAction,
  decideCustomerAction,
  defaultMergeChoices,
  MERGE_FIELDS,
  MERGE_MESSAGES,
  MERGE_UNDO_DAYS,
  type MergeField,
  stricterConsent,
  type Verdict,
} from "@loupe/domain";
import { and, count, desc, eq, or, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { SearchPort } from "../../integrations/search";
import type { Database, Db } from "../../platform/db/client";
import type { CustomerRowsMove } from "../../platform/db/customer-rows";
import { readVersion, versionConflict } from "../../platform/db/versioning";
import { AppError, notFound, validationError } from "../../platform/http/app-error";
import { parseOrThrow } from "../../platform/http/validate";
import { recordAccess, requestContext } from "../access-log";
import {
  customerRedirectOf,
  lockCustomersForMerge,
  type MergeCustomerRow,
  type MergeCustomerValues,
  mergedIntoError,
  recordCustomerEvents,
  reindexMergedCustomers,
  restoreMergedCustomer,
  retireMergedCustomer,
  writeMergedCustomer,
} from "../customers";
import { reindexJobs } from "../jobs";
import { type StaffRow, staffNamesByIds } from "../staff";
import { CUSTOMER_ROW_MOVERS, MOVED_LABELS } from "./customer-merges.movers";
import {
  type CustomerSideRow,
  customerRegions,
  customerSides,
  outletCountryCode,
} from "./customer-merges.queries";
import { customerDuplicatePairs, customerMerges } from "./customer-merges.tables";

// Merging two records of one person, and undoing it (issue 46). Everything is one transaction:
// both customers locked in id order, both versions checked, the kept record's picked values and
// stricter consent, every module's rows moved, the losing row retired behind a redirect, the
// merge recorded with what it needs for an exact undo.

// Every refusal of the customer rulebook is a 403, the 30 days of an undo included: the window is
// a permission that ran out, not a state of the record someone could change back.
const CODES = { who: "forbidden", state: "forbidden", approval: "forbidden", missing: "not_found" } as const;

/** The merge's customer columns, by the wire's field names. */
const COLUMN: Record<MergeField, keyof MergeCustomerRow> = {
  first_name: "firstName",
  last_name: "lastName",
  email: "email",
  mobile: "mobile",
  phone: "phone",
  dob: "dob",
  gender: "gender",
  occupation: "occupation",
  hobbies: "hobbies",
  outlet_id: "outletId",
};

const fullName = (r: { firstName: string; lastName: string }) => `${r.firstName} ${r.lastName}`.trim();
const iso = (d: Date | string) => new Date(d).toISOString();
const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export interface CustomerMergesDeps {
  database: Database;
  db: Db;
  search: SearchPort;
  now?: () => Date;
}

export function createCustomerMergesService({
  database,
  db,
  search,
  now = () => new Date(),
}: CustomerMergesDeps) {
  async function decide(
    staff: StaffRow,
    action: CustomerAction,
    ctx: { regions?: (number | null)[]; mergedAt?: Date },
    via: Db = db,
  ) {
    const v: Verdict = decideCustomerAction(action, {
      actor: {
        roleId: staff.roleId,
        homeRegionId: staff.homeRegionId,
        outletCountryCode: await outletCountryCode(via, staff.outletId ?? null),
      },
      customerRegionIds: ctx.regions,
      mergedAt: ctx.mergedAt,
      now: now(),
    });
    if (!v.allowed) throw new AppError(CODES[v.refusal], v.reason, undefined, { action });
  }

  async function toMergeWire(rows: (typeof customerMerges.$inferSelect)[]): Promise<CustomerMergeWire[]> {
    const names = await staffNamesByIds(
      db,
      rows.flatMap((r) => [r.mergedBy, r.undoneBy]).filter((id): id is number => id !== null),
    );
    return rows.map((r) => {
      const moved: Record<string, number> = {};
      for (const move of Object.values(r.moves))
        for (const [table, ids] of Object.entries(move.moved))
          if (ids.length) {
            const label = MOVED_LABELS[table] ?? table;
            moved[label] = (moved[label] ?? 0) + ids.length;
          }
      return {
        id: r.id,
        kept: { id: r.keptId, full_name: r.keptName },
        lost: { id: r.lostId, full_name: r.lostName },
        moved,
        merged_at: iso(r.mergedAt),
        merged_by: r.mergedBy === null ? null : (names.get(r.mergedBy) ?? null),
        undone_at: r.undoneAt ? iso(r.undoneAt) : null,
        undone_by: r.undoneBy === null ? null : (names.get(r.undoneBy) ?? null),
        undo_until: r.undoneAt ? null : iso(new Date(r.mergedAt.getTime() + MERGE_UNDO_DAYS * 86_400_000)),
        version: r.version,
      };
    });
  }

  async function conflictOn(tx: Db, row: MergeCustomerRow, expected: number, staff: StaffRow) {
    const by =
      row.updatedBy === null ? undefined : (await staffNamesByIds(tx, [row.updatedBy])).get(row.updatedBy);
    return versionConflict(
      "customer",
      row.id,
      expected,
      {
        version: row.version,
        updatedAt: row.updatedAt,
        updatedBy: row.updatedBy,
        firstName: by ?? null,
        lastName: "",
      },
      staff,
    );
  }

  function sideWire(r: CustomerSideRow): MergeSideWire {
    const holds: Record<string, number> = {};
    const counts: [string, number][] = [
      ["Prescriptions", r.prescriptions],
      ["PDs", r.pds],
      ["Files", r.files],
      ["Notes", r.notes],
      ["Addresses", r.addresses],
      ["Jobs", r.jobs],
      ["Payments", r.payments],
      ["Quotes", r.quotes],
      ["Messages", r.messages],
      ["Recalls", r.recalls],
      ["Referrals", r.referrals],
      ["Lens orders", r.lens_orders],
    ];
    for (const [label, n] of counts) if (Number(n) > 0) holds[label] = Number(n);
    return {
      id: Number(r.id),
      version: Number(r.version),
      first_name: r.first_name,
      last_name: r.last_name,
      email: r.email,
      mobile: r.mobile,
      phone: r.phone,
      dob: r.dob,
      gender: r.gender,
      occupation: r.occupation,
      hobbies: r.hobbies,
      outlet_id: r.outlet_id === null ? null : Number(r.outlet_id),
      outlet_name: r.outlet_name,
      region_id: r.region_id === null ? null : Number(r.region_id),
      new_opt_in: r.new_opt_in,
      channel_sms: r.channel_sms,
      channel_phone: r.channel_phone,
      channel_email: r.channel_email,
      created_at: iso(r.created_at),
      holds,
    };
  }

  /** The access log's row for the losing customer (the binder's names the kept one). */
  async function logLost(tx: Db, req: FastifyRequest | null, lostId: number, changed: string[]) {
    await recordAccess(tx, {
      ...(req ? requestContext(req) : { staff: null }),
      action: "update",
      resource: "customer",
      resourceId: lostId,
      customerId: lostId,
      outcome: "allowed",
      changedFields: changed,
    });
  }

  return {
    async preview(
      staff: StaffRow,
      keepId: number,
      loseId: number,
      req: FastifyRequest | null,
    ): Promise<MergePreviewWire> {
      if (keepId === loseId) throw validationError({ lose: [MERGE_MESSAGES.sameCustomer] });
      const rows = await customerSides(db, [keepId, loseId]);
      const keep = rows.find((r) => Number(r.id) === keepId);
      const lose = rows.find((r) => Number(r.id) === loseId);
      for (const [id, row] of [
        [keepId, keep],
        [loseId, lose],
      ] as const)
        if (!row) {
          const redirect = await customerRedirectOf(db, id);
          throw redirect ? mergedIntoError(redirect.toId) : notFound("Customer");
        }
      const k = keep as CustomerSideRow;
      const l = lose as CustomerSideRow;
      await decide(staff, "merge_customers", { regions: [k.region_id, l.region_id] });
      if (req)
        await recordAccess(
          db,
          {
            ...requestContext(req),
            action: "view",
            resource: "customer",
            resourceId: loseId,
            customerId: loseId,
            outcome: "allowed",
          },
          { asyncCommit: true },
        );
      const consent = stricterConsent(
        {
          newOptIn: k.new_opt_in,
          channelSms: k.channel_sms,
          channelPhone: k.channel_phone,
          channelEmail: k.channel_email,
        },
        {
          newOptIn: l.new_opt_in,
          channelSms: l.channel_sms,
          channelPhone: l.channel_phone,
          channelEmail: l.channel_email,
        },
      );
      return {
        keep: sideWire(k),
        lose: sideWire(l),
        choices: defaultMergeChoices(
          k as unknown as Partial<Record<MergeField, unknown>>,
          l as unknown as Partial<Record<MergeField, unknown>>,
        ),
        consent: {
          new_opt_in: consent.newOptIn,
          channel_sms: consent.channelSms,
          channel_phone: consent.channelPhone,
          channel_email: consent.channelEmail,
        },
      };
    },

    /**
     * The merge. A retry of one already made (the losing id now redirects to this kept one) answers
     * that merge; a merge racing an edit of either record: whichever commits first wins, the other
     * finds a newer version (or a retired record) and answers 409.
     */
    async merge(
      staff: StaffRow,
      input: unknown,
      req: FastifyRequest | null,
    ): Promise<{ created: boolean; data: CustomerMergeWire }> {
      const body = parseOrThrow(customerMergeBody, input);
      if (body.keep_id === body.lose_id) throw validationError({ lose_id: [MERGE_MESSAGES.sameCustomer] });
      const outcome = await db.transaction(async (tx) => {
        const locked = await lockCustomersForMerge(tx, [body.keep_id, body.lose_id]);
        const keep = locked.find((l) => l.row.id === body.keep_id);
        const lose = locked.find((l) => l.row.id === body.lose_id);
        if (!lose) {
          const redirect = await customerRedirectOf(tx, body.lose_id);
          if (redirect?.toId === body.keep_id) {
            const [done] = await tx
              .select()
              .from(customerMerges)
              .where(eq(customerMerges.id, redirect.mergeId));
            if (done) return { created: false as const, merge: done };
          }
          if (redirect)
            throw new AppError(
              "conflict",
              MERGE_MESSAGES.alreadyMerged,
              { lose_id: [MERGE_MESSAGES.alreadyMerged] },
              { merged_into: redirect.toId },
            );
          throw notFound("Customer");
        }
        if (!keep) {
          const redirect = await customerRedirectOf(tx, body.keep_id);
          throw redirect ? mergedIntoError(redirect.toId) : notFound("Customer");
        }
        await decide(staff, "merge_customers", { regions: [keep.row.regionId, lose.row.regionId] }, tx);
        if (keep.row.version !== body.keep_version)
          throw await conflictOn(tx, keep.row, body.keep_version, staff);
        if (lose.row.version !== body.lose_version)
          throw await conflictOn(tx, lose.row, body.lose_version, staff);

        const k = keep.row;
        const l = lose.row;
        const wireOf = (r: MergeCustomerRow) =>
          Object.fromEntries(MERGE_FIELDS.map((f) => [f, r[COLUMN[f]]])) as Partial<
            Record<MergeField, unknown>
          >;
        const choices = { ...defaultMergeChoices(wireOf(k), wireOf(l)), ...body.choices };
        const values: MergeCustomerValues = {};
        const set = values as Record<string, unknown>;
        for (const f of MERGE_FIELDS) if (choices[f] === "lose") set[COLUMN[f]] = l[COLUMN[f]];
        // The outlet brings its region: a customer's region is its outlet's.
        if (choices.outlet_id === "lose" && l.outletId !== null) values.regionId = l.regionId;
        const consent = stricterConsent(
          {
            newOptIn: k.newOptIn,
            channelSms: k.channelSms,
            channelPhone: k.channelPhone,
            channelEmail: k.channelEmail,
          },
          {
            newOptIn: l.newOptIn,
            channelSms: l.channelSms,
            channelPhone: l.channelPhone,
            channelEmail: l.channelEmail,
          },
        );
        Object.assign(values, consent);
        // The person is due for a recall at the earlier of the two dates; a shop account on either is theirs.
        if (l.recallDueDate && (!k.recallDueDate || l.recallDueDate < k.recallDueDate))
          values.recallDueDate = l.recallDueDate;
        if (l.hasShopAccount) values.hasShopAccount = true;
        const changed = Object.keys(values).filter(
          (key) => !sameValue(set[key], k[key as keyof MergeCustomerRow]),
        );
        const keptBefore = Object.fromEntries(changed.map((key) => [key, k[key as keyof MergeCustomerRow]]));
        const keptAfter = Object.fromEntries(changed.map((key) => [key, set[key]]));
        await writeMergedCustomer(tx, k.id, Object.fromEntries(changed.map((key) => [key, set[key]])), staff);

        const moves: Record<string, CustomerRowsMove> = {};
        for (const [module, mover] of Object.entries(CUSTOMER_ROW_MOVERS))
          moves[module] = await mover.move(tx, l.id, k.id);

        const [merge] = await tx
          .insert(customerMerges)
          .values({
            keptId: k.id,
            lostId: l.id,
            keptName: `${set.firstName ?? k.firstName} ${set.lastName ?? k.lastName}`.trim(),
            lostName: fullName(l),
            lostSnapshot: lose.snapshot,
            keptBefore,
            keptAfter,
            choices,
            moves,
            pairId: body.pair_id ?? null,
            mergedBy: staff.id,
            mergedAt: now(),
          })
          .returning();
        const keptName = `${set.firstName ?? k.firstName} ${set.lastName ?? k.lastName}`.trim();
        await recordCustomerEvents(tx, [
          {
            customerId: k.id,
            kind: "merged_in",
            detail: `Merged in #${l.id} ${fullName(l)} (merge #${merge.id})`,
            staffId: staff.id,
            ref: { merge_id: merge.id },
          },
          {
            customerId: l.id,
            kind: "merged_into",
            detail: `Merged into #${k.id} ${keptName} (merge #${merge.id})`,
            staffId: staff.id,
            ref: { merge_id: merge.id },
          },
        ]);
        // The losing record's own History (the "merged into" above) is retired with it and kept in the merge.
        moves.customers.dropped = { customer_events: await retireMergedCustomer(tx, l.id, k.id, merge.id) };
        await tx.update(customerMerges).set({ moves }).where(eq(customerMerges.id, merge.id));
        merge.moves = moves;
        await tx
          .update(customerDuplicatePairs)
          .set({ state: "merged", settledBy: staff.id, settledAt: now() })
          .where(
            and(
              eq(customerDuplicatePairs.aId, Math.min(k.id, l.id)),
              eq(customerDuplicatePairs.bId, Math.max(k.id, l.id)),
            ),
          );
        await logLost(tx, req, l.id, ["merged_into"]);
        return { created: true as const, merge };
      });
      if (outcome.created)
        await afterwards(outcome.merge, { gone: [outcome.merge.lostId], changed: [outcome.merge.keptId] });
      return { created: outcome.created, data: (await toMergeWire([outcome.merge]))[0] };
    },

    /** Undo (administrators, within MERGE_UNDO_DAYS): the losing record and its rows come back. */
    async undo(
      staff: StaffRow,
      mergeId: number,
      input: { version?: unknown },
      req: FastifyRequest | null,
    ): Promise<CustomerMergeWire> {
      const expected = readVersion(input?.version);
      if (expected === undefined) throw validationError({ version: ["The version field is required."] });
      const merge = await db.transaction(async (tx) => {
        const [m] = await tx
          .select()
          .from(customerMerges)
          .where(eq(customerMerges.id, mergeId))
          .for("update");
        if (!m) throw notFound("Merge");
        await decide(staff, "undo_merge", { mergedAt: m.mergedAt }, tx);
        if (m.undoneAt) throw new AppError("conflict", MERGE_MESSAGES.alreadyUndone);
        if (m.version !== expected)
          throw versionConflict(
            "merge",
            m.id,
            expected,
            { version: m.version, updatedAt: m.mergedAt, updatedBy: null, firstName: null, lastName: null },
            staff,
          );
        const [kept] = await lockCustomersForMerge(tx, [m.keptId]);
        if (!kept) {
          const redirect = await customerRedirectOf(tx, m.keptId);
          throw redirect ? mergedIntoError(redirect.toId) : notFound("Customer");
        }
        await restoreMergedCustomer(tx, m.lostSnapshot);
        for (const [module, mover] of Object.entries(CUSTOMER_ROW_MOVERS).reverse()) {
          const move = m.moves[module];
          if (move) await mover.moveBack(tx, move, m.keptId, m.lostId);
        }
        // A field staff changed since the merge keeps its new value; one still as merged goes back.
        const restore: Record<string, unknown> = {};
        for (const [key, after] of Object.entries(m.keptAfter))
          if (sameValue(kept.row[key as keyof MergeCustomerRow], after)) restore[key] = m.keptBefore[key];
        await writeMergedCustomer(tx, m.keptId, restore as MergeCustomerValues, staff);
        const [undone] = await tx
          .update(customerMerges)
          .set({ undoneAt: now(), undoneBy: staff.id, version: sql`${customerMerges.version} + 1` })
          .where(eq(customerMerges.id, m.id))
          .returning();
        await tx
          .update(customerDuplicatePairs)
          .set({ state: "open", settledBy: null, settledAt: null })
          .where(
            and(
              eq(customerDuplicatePairs.aId, Math.min(m.keptId, m.lostId)),
              eq(customerDuplicatePairs.bId, Math.max(m.keptId, m.lostId)),
              eq(customerDuplicatePairs.state, "merged"),
            ),
          );
        const detail = `Merge #${m.id} undone: #${m.lostId} ${m.lostName} and #${m.keptId} ${m.keptName} are two records again`;
        await recordCustomerEvents(tx, [
          { customerId: m.keptId, kind: "merge_undone", detail, staffId: staff.id, ref: { merge_id: m.id } },
          { customerId: m.lostId, kind: "merge_undone", detail, staffId: staff.id, ref: { merge_id: m.id } },
        ]);
        await logLost(tx, req, m.lostId, ["merge_undone"]);
        return undone;
      });
      await afterwards(merge, { changed: [merge.keptId, merge.lostId] });
      return (await toMergeWire([merge]))[0];
    },

    async list(page: number, perPage: number, customerId?: number) {
      const where = customerId
        ? or(eq(customerMerges.keptId, customerId), eq(customerMerges.lostId, customerId))
        : undefined;
      const rows = await db
        .select()
        .from(customerMerges)
        .where(where)
        .orderBy(desc(customerMerges.mergedAt), desc(customerMerges.id))
        .limit(perPage)
        .offset((page - 1) * perPage);
      const [{ n }] = await db.select({ n: count() }).from(customerMerges).where(where);
      return { rows: await toMergeWire(rows), total: n };
    },

    async dismiss(staff: StaffRow, pairId: number): Promise<typeof customerDuplicatePairs.$inferSelect> {
      const [pair] = await db
        .select()
        .from(customerDuplicatePairs)
        .where(eq(customerDuplicatePairs.id, pairId));
      if (!pair) throw notFound("Pair");
      const regions = await customerRegions(db, [pair.aId, pair.bId]);
      await decide(staff, "merge_customers", { regions: [...regions.values()] });
      const [row] = await db
        .update(customerDuplicatePairs)
        .set({ state: "dismissed", settledBy: staff.id, settledAt: now() })
        .where(eq(customerDuplicatePairs.id, pairId))
        .returning();
      return row;
    },

    decide,
  };

  /** After commit: the search sees the merged records, the jobs their customer's name. */
  // The search catches up on its own sync if these fail: the merge has committed and stands.
  async function afterwards(
    merge: typeof customerMerges.$inferSelect,
    change: { gone?: number[]; changed: number[] },
  ) {
    await reindexMergedCustomers(db, search, change).catch(() => undefined);
    const orderIds = merge.moves.jobs?.moved.orders ?? [];
    if (orderIds.length) await reindexJobs(database, search, orderIds).catch(() => undefined);
  }
}
export type CustomerMergesService = ReturnType<typeof createCustomerMergesService>;
export type DuplicatePairRow = typeof customerDuplicatePairs.$inferSelect;
export type { DuplicatePairWire };
