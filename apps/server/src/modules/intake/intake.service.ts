// The intake's use-cases (issue 45, ADR 0059): a webhook delivery taken in, a store synced by its
// change feed, and what staff do on the intake screen (link a customer or an outlet, retry, sync
// now, read what failed). Each call that changes anything is one transaction.

import type {
  IntakeFailureWire,
  IntakeSaleDetailWire,
  IntakeSalesQuery,
  IntakeSaleWire,
  IntakeSummaryWire,
} from "@loupe/contract";
import { linkIntakeCustomerBody, linkIntakeOutletBody, syncIntakeStoreBody } from "@loupe/contract";
import {
  DEFAULT_TIME_ZONE,
  dayInZone,
  decideIntakeAction,
  INTAKE_MESSAGES,
  type IntakeAction,
  maskEmail,
  maskMobile,
  zoneDayBounds,
} from "@loupe/domain";
import { and, count, desc, eq, gte, isNotNull, lt, ne } from "drizzle-orm";
import {
  type IncomingSale,
  SaleDeliveryError,
  type SalesStore,
  type SalesStores,
} from "../../integrations/sales";
import type { Db } from "../../platform/db/client";
import { AppError, notFound, validationError } from "../../platform/http/app-error";
import type { StaffUserRow } from "../../platform/http/auth-guard";
import { parseOrThrow } from "../../platform/http/validate";
import type { Queue } from "../../platform/queue/queue";
import {
  findCandidates,
  type IntakeSaleRow,
  matchFactsOf,
  type ProcessOutcome,
  processSale,
  type RetryLater,
  receiveSale,
} from "./intake.process";
import {
  activeOutletsOf,
  candidateRows,
  customerExists,
  outletById,
  outletNames,
  productsBySku,
} from "./intake.queries";
import { intakeCursors, intakeDeliveries, intakeFailures, intakeSales } from "./intake.tables";

/** At most this many waiting sales are tried again after one link (the rest on the next sync or by hand). */
const RETRY_OTHERS_LIMIT = 500;

export const INTAKE_TASKS = {
  process: "intake.process",
  sync: "intake.sync",
  syncStore: "intake.sync.store",
  purge: "intake.purge",
} as const;

/** How long raw payloads and failed deliveries are kept. */
export const INTAKE_KEEP_DAYS = 30;
/** Pages one sync run reads at most; the next run carries on from the kept cursor. */
const MAX_PAGES_PER_SYNC = 50;
/** Failed deliveries kept per store per minute; past it a forged flood is answered 429 and not kept. */
const FAILURES_PER_MINUTE = 30;

export type WebhookAnswer =
  | { status: 200; outcome: "accepted" | "repeat"; stored: number }
  | { status: 401 | 400 | 429; message: string };

interface Deps {
  db: Db;
  queue: Queue;
  sales: SalesStores;
  /** Brings the jobs' search documents up to date after a commit (a cache: a failure is only logged). */
  reindexJobs?: (orderIds: number[]) => Promise<void>;
}

const money = (minor: number) => minor / 100;

function actorOf(staff: StaffUserRow) {
  return { roleId: staff.roleId, homeRegionId: staff.homeRegionId, outletCountryCode: null };
}

/** Headers kept with a failed delivery: what tells a forgery apart, never a cookie or a token. */
function keptHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) {
    if (/^(authorization|cookie|x-forwarded-for)$/i.test(k) || v === undefined) continue;
    out[k] = (Array.isArray(v) ? v.join(", ") : v).slice(0, 500);
  }
  return out;
}

export function toSaleWire(row: IntakeSaleRow): IntakeSaleWire {
  return {
    id: row.id,
    store_key: row.storeKey,
    source: row.source,
    external_id: row.externalId,
    invoice_number: row.invoiceNumber,
    state: row.state,
    reason_code: row.state === "waiting" ? row.reasonCode : null,
    reason: row.state === "waiting" ? row.reason : null,
    order_id: row.orderId,
    customer_name: row.customerName,
    total: money(row.totalMinor),
    currency: row.currency,
    received_at: row.receivedAt.toISOString(),
    processed_at: row.processedAt?.toISOString() ?? null,
  };
}

export function createIntakeService({ db, queue, sales, reindexJobs = async () => {} }: Deps) {
  const touched = (outcomes: (ProcessOutcome | null)[]) =>
    reindexJobs([
      ...new Set(outcomes.flatMap((o) => (o?.state === "done" && o.orderId !== null ? [o.orderId] : []))),
    ]);
  const retry: RetryLater = async (tx, saleId) => {
    await queue.enqueue(INTAKE_TASKS.process, { saleId }, { tx, key: `sale:${saleId}` });
  };
  /** One sale received in its own transaction, tried again if PostgreSQL chose it as a deadlock's victim. */
  async function receiveOne(sale: IncomingSale, raw: string | null) {
    for (let attempt = 1; ; attempt++) {
      try {
        return await db.transaction((tx) => receiveSale(tx as unknown as Db, sale, raw, retry));
      } catch (err) {
        const code =
          (err as { code?: string; cause?: { code?: string } })?.code ??
          (err as { cause?: { code?: string } })?.cause?.code;
        if ((code === "40P01" || code === "40001") && attempt < 4) continue;
        throw err;
      }
    }
  }
  const failureWindow = new Map<string, { minute: number; n: number }>();

  /** One more failure for this store this minute, or false once the minute's allowance is spent. */
  function mayKeepFailure(storeKey: string): boolean {
    const minute = Math.floor(Date.now() / 60_000);
    const w = failureWindow.get(storeKey);
    if (!w || w.minute !== minute) {
      failureWindow.set(storeKey, { minute, n: 1 });
      return true;
    }
    w.n++;
    return w.n <= FAILURES_PER_MINUTE;
  }

  async function regionOfSale(saleId: number): Promise<number | null> {
    const [row] = await db
      .select({ regionId: intakeSales.regionId })
      .from(intakeSales)
      .where(eq(intakeSales.id, saleId));
    return row?.regionId ?? null;
  }

  /** A resolving call's answer, once committed: the job's search document caught up. */
  async function afterCommit<T extends { data: { order_id: number | null } }>(result: T): Promise<T> {
    if (result.data.order_id !== null) await reindexJobs([result.data.order_id]);
    return result;
  }

  async function lockedWaiting(tx: Db, id: number) {
    const [row] = await tx.select().from(intakeSales).where(eq(intakeSales.id, id)).for("update");
    if (!row) throw notFound("Sale");
    if (row.state !== "waiting") throw new AppError("conflict", INTAKE_MESSAGES.notWaiting);
    return row;
  }

  /**
   * After staff link an outlet or a customer, the store's other sales waiting for the same reason
   * are tried again on the queue (with this change): a link is remembered, so those naming the same
   * outlet or source customer become jobs without a click each; the rest wait as they did.
   */
  async function retryOthersWaiting(
    tx: Db,
    row: IntakeSaleRow,
    reasonCode: "unknown_outlet" | "needs_customer",
  ) {
    const others = await tx
      .select({ id: intakeSales.id })
      .from(intakeSales)
      .where(
        and(
          eq(intakeSales.storeKey, row.storeKey),
          eq(intakeSales.state, "waiting"),
          eq(intakeSales.reasonCode, reasonCode),
          ne(intakeSales.id, row.id),
        ),
      )
      .orderBy(intakeSales.id)
      .limit(RETRY_OTHERS_LIMIT);
    for (const o of others) await retry(tx, o.id, null);
  }

  async function answer(tx: Db, id: number, outcome: ProcessOutcome) {
    const [row] = await tx.select().from(intakeSales).where(eq(intakeSales.id, id));
    return {
      message:
        outcome.state === "done" ? INTAKE_MESSAGES.madeIntoJob : INTAKE_MESSAGES.stillWaiting(outcome.reason),
      data: { order_id: row.orderId, sale: toSaleWire(row) },
    };
  }

  async function saleDetail(row: IntakeSaleRow): Promise<IntakeSaleDetailWire> {
    const sale = row.sale;
    const skus = sale.lines.map((l) => l.sku).filter((s): s is string => !!s);
    const known = await productsBySku(db, row.regionId, [...new Set(skus)]);
    let candidates: IntakeSaleDetailWire["candidates"] = [];
    if (row.state === "waiting" && row.reasonCode === "needs_customer") {
      const { keys } = await matchFactsOf(db, sale);
      const { found, decision } = await findCandidates(db, keys);
      const by = found.find((f) => f.ids.length)?.key.by ?? "email";
      const ids = decision.outcome === "choose" ? decision.candidateIds : [];
      candidates = (await candidateRows(db, ids)).map((c) => ({
        customer_id: c.id,
        full_name: `${c.firstName} ${c.lastName}`.trim(),
        email: maskEmail(c.email),
        mobile: maskMobile(c.mobile),
        dob: c.dob,
        matched_by: by,
      }));
    }
    const outlets =
      row.state === "waiting" && row.reasonCode === "unknown_outlet"
        ? await activeOutletsOf(db, row.regionId)
        : [];
    return {
      ...toSaleWire(row),
      lines: sale.lines.map((l) => ({
        sku: l.sku,
        name: l.name,
        quantity: l.quantity,
        total: money(l.totalMinor),
        known: !!l.sku && known.has(l.sku),
      })),
      candidates,
      outlet_candidates: outlets,
      external_outlet_id: sale.externalOutletId,
    };
  }

  return {
    retry,

    /**
     * The intake's rule for a call (the contract's `intakeRule`, asked by the routes before the
     * handler): the region of the sale or store it names decides; a sale or store that does not
     * exist is left to the handler's 404 or 422.
     */
    async checkRule(staff: StaffUserRow, action: IntakeAction, target: { sale?: unknown; store?: unknown }) {
      let regionId: number | null = null;
      const saleId = Number(target.sale);
      if (target.sale !== undefined && Number.isInteger(saleId) && saleId > 0 && saleId <= 2_147_483_647)
        regionId = await regionOfSale(saleId);
      if (typeof target.store === "string") regionId = sales.byKey(target.store)?.regionId ?? null;
      const v = decideIntakeAction(action, { actor: actorOf(staff), regionId });
      if (!v.allowed) throw new AppError("forbidden", v.reason);
    },

    /**
     * A provider's delivery, raw as it came. The signature is checked on these bytes; a forged or
     * unreadable delivery is kept as a failure (within the store's allowance) and refused, nothing
     * else changes. A readable one is kept (each sale at its newest version) and processed in one
     * transaction: the answer goes back only after it committed.
     */
    async receiveWebhook(
      store: SalesStore,
      raw: Buffer,
      headers: Record<string, string | string[] | undefined>,
    ): Promise<WebhookAnswer> {
      let delivery: ReturnType<SalesStore["readWebhook"]>;
      try {
        delivery = store.readWebhook(raw, headers);
      } catch (err) {
        const kind = err instanceof SaleDeliveryError ? err.kind : "shape";
        const message = (err as Error)?.message?.slice(0, 2000) || "The delivery could not be read.";
        if (!mayKeepFailure(store.key)) return { status: 429, message: "Too many unreadable deliveries." };
        await db.insert(intakeFailures).values({
          storeKey: store.key,
          kind,
          message,
          raw: raw.toString("utf8"),
          headers: keptHeaders(headers),
        });
        return kind === "signature"
          ? { status: 401, message: "The delivery's signature does not match." }
          : { status: 400, message };
      }
      const text = raw.toString("utf8");
      if (delivery.deliveryId) {
        const [seen] = await db
          .select({ id: intakeDeliveries.id })
          .from(intakeDeliveries)
          .where(
            and(
              eq(intakeDeliveries.storeKey, store.key),
              eq(intakeDeliveries.deliveryId, delivery.deliveryId),
            ),
          );
        if (seen) return { status: 200, outcome: "repeat", stored: 0 };
      }
      const outcomes: ProcessOutcome[] = [];
      // Each sale in its own transaction (the sync does the same): a transaction holds one sale's
      // lock, so two of them never wait on each other's sales. A crash between two sales leaves the
      // delivery unacknowledged; its retry finds the first sale a repeat.
      for (const sale of delivery.sales) {
        // A delivery speaks for its own store only: a sale naming another is not taken from it.
        if (sale.storeKey !== store.key) continue;
        const received = await receiveOne(sale, text);
        if (received.outcome === "stored") outcomes.push(received.processed);
      }
      // The delivery id last, once every sale of it is committed: a repeat is then truly one.
      if (delivery.deliveryId)
        await db
          .insert(intakeDeliveries)
          .values({ storeKey: store.key, deliveryId: delivery.deliveryId })
          .onConflictDoNothing();
      await touched(outcomes);
      const stored = outcomes.length;
      return { status: 200, outcome: stored ? "accepted" : "repeat", stored };
    },

    /**
     * Reads a store's change feed from the kept cursor until it has no more (or MAX_PAGES), each page
     * and its cursor in one transaction: a crash between pages repeats at most the page not
     * committed, and a repeated sale is a repeat. The outcome is kept on the cursor row for the screen.
     */
    async syncStore(store: SalesStore, signal?: AbortSignal): Promise<{ pages: number; stored: number }> {
      let pages = 0;
      let stored = 0;
      try {
        const [kept] = await db.select().from(intakeCursors).where(eq(intakeCursors.storeKey, store.key));
        let cursor = kept?.cursor ?? null;
        for (;;) {
          // Outside the transaction: never wait on a provider with a transaction open.
          const page = await store.fetchSince(cursor, signal);
          const next = page.cursor ?? cursor;
          const outcomes: ProcessOutcome[] = [];
          for (const sale of page.sales) {
            if (sale.storeKey !== store.key) continue;
            const received = await receiveOne(sale, null);
            if (received.outcome === "stored") outcomes.push(received.processed);
          }
          stored += outcomes.length;
          // The cursor moves only once every sale of the page is committed: a crash re-reads the
          // page, and what it had kept already is a repeat.
          await db
            .insert(intakeCursors)
            .values({ storeKey: store.key, cursor: next, lastSyncedAt: new Date(), lastError: null })
            .onConflictDoUpdate({
              target: intakeCursors.storeKey,
              set: { cursor: next, lastSyncedAt: new Date(), lastError: null },
            });
          await touched(outcomes);
          cursor = next;
          pages++;
          if (!page.more || pages >= MAX_PAGES_PER_SYNC || signal?.aborted) break;
        }
        // Returns that came before the sale they return, now that the sale may be a job.
        const waitingReturns = await db
          .select({ id: intakeSales.id })
          .from(intakeSales)
          .where(
            and(
              eq(intakeSales.storeKey, store.key),
              eq(intakeSales.state, "waiting"),
              eq(intakeSales.reasonCode, "unknown_sale"),
            ),
          )
          .limit(100);
        for (const w of waitingReturns)
          await db.transaction(async (tx) => {
            await processSale(tx as unknown as Db, w.id);
          });
      } catch (err) {
        const message = ((err as Error)?.message || String(err)).slice(0, 500);
        await db
          .insert(intakeCursors)
          .values({ storeKey: store.key, lastError: message, lastErrorAt: new Date() })
          .onConflictDoUpdate({
            target: intakeCursors.storeKey,
            set: { lastError: message, lastErrorAt: new Date() },
          });
        throw err;
      }
      return { pages, stored };
    },

    /** The retry of a sale whose processing failed (intake.process). */
    async processAgain(saleId: number): Promise<void> {
      await db.transaction(async (txx) => {
        const tx = txx as unknown as Db;
        const [row] = await tx.select().from(intakeSales).where(eq(intakeSales.id, saleId)).for("update");
        if (!row || row.state === "done") return;
        // Failing again throws: the queue backs off and, after its tries, keeps it in the dead letter.
        await processSale(tx, saleId);
      });
    },

    /** Raw payloads, delivery ids and failures older than the keeping period are removed. */
    async purge(now = new Date()): Promise<{ raw: number; failures: number; deliveries: number }> {
      const before = new Date(now.getTime() - INTAKE_KEEP_DAYS * 86_400_000);
      return db.transaction(async (txx) => {
        const tx = txx as unknown as Db;
        const raw = await tx
          .update(intakeSales)
          .set({ raw: null })
          .where(and(isNotNull(intakeSales.raw), lt(intakeSales.receivedAt, before)))
          .returning({ id: intakeSales.id });
        const failures = await tx
          .delete(intakeFailures)
          .where(lt(intakeFailures.receivedAt, before))
          .returning({ id: intakeFailures.id });
        const deliveries = await tx
          .delete(intakeDeliveries)
          .where(lt(intakeDeliveries.receivedAt, before))
          .returning({ id: intakeDeliveries.id });
        return { raw: raw.length, failures: failures.length, deliveries: deliveries.length };
      });
    },

    async summary(staff: StaffUserRow & { outletId?: number | null }): Promise<IntakeSummaryWire> {
      const outlet = staff.outletId ? await outletById(db, staff.outletId) : null;
      const zone = outlet?.timeZone ?? DEFAULT_TIME_ZONE;
      const day = dayInZone(new Date(), zone);
      const { from, to } = zoneDayBounds(day, zone);
      const cursors = await db.select().from(intakeCursors);
      const byKey = new Map(cursors.map((c) => [c.storeKey, c]));
      const arrived = await db
        .select({ storeKey: intakeSales.storeKey, outletId: intakeSales.outletId, n: count() })
        .from(intakeSales)
        .where(and(gte(intakeSales.receivedAt, from), lt(intakeSales.receivedAt, to)))
        .groupBy(intakeSales.storeKey, intakeSales.outletId);
      const names = await outletNames(
        db,
        arrived.map((a) => a.outletId).filter((id): id is number => id !== null),
      );
      const [[waiting], [failed], [doneToday]] = await Promise.all([
        db.select({ n: count() }).from(intakeSales).where(eq(intakeSales.state, "waiting")),
        db.select({ n: count() }).from(intakeFailures),
        db
          .select({ n: count() })
          .from(intakeSales)
          .where(
            and(
              eq(intakeSales.state, "done"),
              gte(intakeSales.processedAt, from),
              lt(intakeSales.processedAt, to),
            ),
          ),
      ]);
      return {
        day,
        stores: sales.list().map((s) => ({
          key: s.key,
          source: s.source,
          region_id: s.regionId,
          label: s.label,
          stand_in: s.standIn,
          last_synced_at: byKey.get(s.key)?.lastSyncedAt?.toISOString() ?? null,
          last_sync_error: byKey.get(s.key)?.lastError ?? null,
        })),
        arrived: arrived.map((a) => ({
          store_key: a.storeKey,
          outlet_id: a.outletId,
          outlet_name: a.outletId ? (names.get(a.outletId) ?? null) : null,
          count: Number(a.n),
        })),
        counts: { waiting: Number(waiting.n), failed: Number(failed.n), done_today: Number(doneToday.n) },
      };
    },

    async list(q: IntakeSalesQuery & { page: number; per_page: number }) {
      const filters = [
        q.state && q.state !== "all" ? eq(intakeSales.state, q.state) : undefined,
        q.store_key ? eq(intakeSales.storeKey, q.store_key) : undefined,
      ].filter((f) => f !== undefined);
      const where = filters.length ? and(...filters) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(intakeSales)
          .where(where)
          .orderBy(desc(intakeSales.receivedAt), desc(intakeSales.id))
          .limit(q.per_page)
          .offset((q.page - 1) * q.per_page),
        db.select({ n: count() }).from(intakeSales).where(where),
      ]);
      const n = Number(total.n);
      return {
        data: rows.map(toSaleWire),
        meta: {
          pagination: {
            total: n,
            count: rows.length,
            per_page: q.per_page,
            current_page: q.page,
            total_pages: Math.max(1, Math.ceil(n / q.per_page)),
          },
        },
      };
    },

    async get(id: number): Promise<IntakeSaleDetailWire> {
      const [row] = await db.select().from(intakeSales).where(eq(intakeSales.id, id));
      if (!row) throw notFound("Sale");
      return saleDetail(row);
    },

    async linkCustomer(id: number, input: unknown) {
      const body = parseOrThrow(linkIntakeCustomerBody, input);
      const result = await db.transaction(async (txx) => {
        const tx = txx as unknown as Db;
        const row = await lockedWaiting(tx, id);
        if (row.reasonCode !== "needs_customer")
          throw new AppError("conflict", INTAKE_MESSAGES.notNeedsCustomer);
        if ("customer_id" in body && !(await customerExists(tx, body.customer_id)))
          throw validationError({ customer_id: [INTAKE_MESSAGES.customerNotFound] });
        const outcome = await processSale(
          tx,
          id,
          "customer_id" in body ? { customerId: body.customer_id } : { createCustomer: true },
        );
        if (outcome.state === "done") await retryOthersWaiting(tx, row, "needs_customer");
        return answer(tx, id, outcome);
      });
      return afterCommit(result);
    },

    async linkOutlet(id: number, input: unknown) {
      const body = parseOrThrow(linkIntakeOutletBody, input);
      const result = await db.transaction(async (txx) => {
        const tx = txx as unknown as Db;
        const row = await lockedWaiting(tx, id);
        if (row.reasonCode !== "unknown_outlet")
          throw new AppError("conflict", INTAKE_MESSAGES.notUnknownOutlet);
        const outlet = await outletById(tx, body.outlet_id);
        if (!outlet?.isActive || outlet.regionId !== row.regionId)
          throw validationError({ outlet_id: [INTAKE_MESSAGES.outletOtherRegion] });
        const outcome = await processSale(tx, id, { outletId: outlet.id });
        await retryOthersWaiting(tx, row, "unknown_outlet");
        return answer(tx, id, outcome);
      });
      return afterCommit(result);
    },

    async retrySale(id: number) {
      const result = await db.transaction(async (txx) => {
        const tx = txx as unknown as Db;
        await lockedWaiting(tx, id);
        const outcome = await processSale(tx, id);
        // Still waiting: nothing changed worth keeping, and the caller is told why.
        if (outcome.state === "waiting")
          throw new AppError("conflict", INTAKE_MESSAGES.stillWaiting(outcome.reason), {
            reason_code: [outcome.reasonCode],
          });
        return answer(tx, id, outcome);
      });
      return afterCommit(result);
    },

    async syncNow(input: unknown) {
      const body = parseOrThrow(syncIntakeStoreBody, input);
      const store = sales.byKey(body.store_key);
      if (!store) throw validationError({ store_key: [INTAKE_MESSAGES.unknownStore(body.store_key)] });
      await queue.enqueue(INTAKE_TASKS.syncStore, { storeKey: store.key }, { key: store.key });
      return { message: "The sync is queued.", data: { store_key: store.key } };
    },

    async failures(page: number, perPage: number) {
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: intakeFailures.id,
            storeKey: intakeFailures.storeKey,
            kind: intakeFailures.kind,
            message: intakeFailures.message,
            receivedAt: intakeFailures.receivedAt,
          })
          .from(intakeFailures)
          .orderBy(desc(intakeFailures.receivedAt), desc(intakeFailures.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
        db.select({ n: count() }).from(intakeFailures),
      ]);
      const n = Number(total.n);
      return {
        data: rows.map(
          (r): IntakeFailureWire => ({
            id: r.id,
            store_key: r.storeKey,
            kind: r.kind,
            message: r.message,
            received_at: r.receivedAt.toISOString(),
          }),
        ),
        meta: {
          pagination: {
            total: n,
            count: rows.length,
            per_page: perPage,
            current_page: page,
            total_pages: Math.max(1, Math.ceil(n / perPage)),
          },
        },
      };
    },

    async failure(id: number) {
      const [row] = await db.select().from(intakeFailures).where(eq(intakeFailures.id, id));
      if (!row) throw notFound("Delivery");
      return {
        id: row.id,
        store_key: row.storeKey,
        kind: row.kind,
        message: row.message,
        received_at: row.receivedAt.toISOString(),
        raw: row.raw,
        headers: row.headers,
      };
    },
  };
}

export type IntakeService = ReturnType<typeof createIntakeService>;
