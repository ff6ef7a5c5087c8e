// A sale into its job (issue 45, ADR 0059). `receiveSale` keeps the sale by (source, external id)
// at its newest version and processes it in the same transaction; `processSale` does the work under
// the sale's row lock, so two processes (a webhook and a sync) never both make its job: the second
// waits on the lock (or on the unique key, for a first insert) and then finds the job made, or
// the version already kept. Everything one sale does (customer, job, items, payments, links)
// commits together or not at all.

import {
  decideMatch,
  INTAKE_MESSAGES,
  type IntakeReasonCode,
  isSmsCountry,
  type MatchKey,
  matchKeys,
  tenderOfSourceName,
  toSmsNumber,
} from "@loupe/domain";
import { and, eq, sql } from "drizzle-orm";
import type { IncomingSale } from "../../integrations/sales";
import type { Db } from "../../platform/db/client";
import { createCustomerFromSource } from "../customers";
import { cancelJobFromSale, createJobFromSale, recordSalePayment, recordSaleRefund } from "../jobs";
import { activeOutletsOf, customersByKey, productsBySku, regionFacts } from "./intake.queries";
import { intakeCustomerLinks, intakeOutletLinks, intakeSales } from "./intake.tables";

export type IntakeSaleRow = typeof intakeSales.$inferSelect;

/** What staff decided on the intake screen, for this processing only. */
export interface ProcessChoice {
  customerId?: number;
  createCustomer?: boolean;
  outletId?: number;
}

export type ProcessOutcome =
  | { state: "done"; orderId: number | null }
  | { state: "waiting"; reasonCode: IntakeReasonCode; reason: string };

export type ReceiveOutcome =
  | { saleId: number; outcome: "stored"; processed: ProcessOutcome }
  | { saleId: null; outcome: "repeat" };

const SOURCE_NAMES = { lightspeed: "Lightspeed", shopify: "the web shop" } as const;

/** The key a payment or refund from outside is recorded once by (the jobs tables' idempotency keys). */
const moneyKey = (sale: IncomingSale, kind: string, id: string) =>
  `intake:${sale.source}:${sale.storeKey}:${kind}:${id}`;

const customerName = (sale: IncomingSale) =>
  sale.customer ? `${sale.customer.firstName} ${sale.customer.lastName}`.trim() || null : null;

/**
 * Keeps the sale at this version, once: a version not above the one kept changes nothing (a
 * repeat, or a late delivery overtaken by a newer one). Then processes it. Run it in the caller's
 * transaction (the webhook's, or the sync page's, which also keeps the cursor): the provider is
 * answered, or the cursor moved, only after the sale's row is committed.
 */
export async function receiveSale(
  tx: Db,
  sale: IncomingSale,
  raw: string | null,
  retry: RetryLater,
): Promise<ReceiveOutcome> {
  const values = {
    source: sale.source,
    storeKey: sale.storeKey,
    regionId: sale.regionId,
    externalId: sale.externalId,
    version: sale.version,
    invoiceNumber: sale.invoiceNumber,
    customerName: customerName(sale),
    totalMinor: sale.totalMinor,
    currency: sale.currency,
    returnFor: sale.returnFor,
    sale,
    raw,
  };
  const [row] = await tx
    .insert(intakeSales)
    .values(values)
    .onConflictDoUpdate({
      target: [intakeSales.source, intakeSales.externalId],
      set: {
        version: sql`excluded.version`,
        invoiceNumber: sql`excluded.invoice_number`,
        customerName: sql`excluded.customer_name`,
        totalMinor: sql`excluded.total_minor`,
        currency: sql`excluded.currency`,
        returnFor: sql`excluded.return_for`,
        sale: sql`excluded.sale`,
        raw: sql`excluded.raw`,
      },
      // Never backwards: only a newer version replaces the kept one (the row is locked either way).
      setWhere: sql`${intakeSales.version} < excluded.version`,
    })
    .returning({ id: intakeSales.id });
  if (!row) return { saleId: null, outcome: "repeat" };
  const processed = await processSaleSafely(tx, row.id, retry);
  return { saleId: row.id, outcome: "stored", processed };
}

/**
 * Processes in a savepoint: a failure no rule foresaw (a constraint, a bug) leaves the sale kept and
 * waiting as "failed", for the queue's retry (intake.process), instead of refusing the delivery.
 * The database going away is not caught: the whole delivery fails and the provider retries it.
 */
export async function processSaleSafely(tx: Db, saleId: number, retry: RetryLater): Promise<ProcessOutcome> {
  try {
    return await tx.transaction(async (sp) => processSale(sp as unknown as Db, saleId));
  } catch (err) {
    if (isConnectionError(err)) throw err;
    await tx
      .update(intakeSales)
      .set({ state: "waiting", reasonCode: "failed", reason: INTAKE_MESSAGES.failed })
      .where(eq(intakeSales.id, saleId));
    await retry(tx, saleId, err);
    return { state: "waiting", reasonCode: "failed", reason: INTAKE_MESSAGES.failed };
  }
}

/** Queues the processing of a sale again (intake.process), in the caller's transaction. */
export type RetryLater = (tx: Db, saleId: number, err: unknown) => Promise<void>;

function isConnectionError(err: unknown): boolean {
  const code = (err as { code?: string })?.code ?? "";
  return /^(08|57P)/.test(code) || /ECONNRE|terminat|Connection/i.test((err as Error)?.message ?? "");
}

async function wait(
  tx: Db,
  row: IntakeSaleRow,
  reasonCode: IntakeReasonCode,
  reason: string,
): Promise<ProcessOutcome> {
  await tx
    .update(intakeSales)
    .set({ state: "waiting", reasonCode, reason })
    .where(eq(intakeSales.id, row.id));
  return { state: "waiting", reasonCode, reason };
}

async function done(
  tx: Db,
  row: IntakeSaleRow,
  orderId: number | null,
  outletId: number | null,
): Promise<ProcessOutcome> {
  await tx
    .update(intakeSales)
    .set({
      state: "done",
      reasonCode: null,
      reason: null,
      orderId,
      outletId: outletId ?? row.outletId,
      processedVersion: row.version,
      processedAt: new Date(),
    })
    .where(eq(intakeSales.id, row.id));
  return { state: "done", orderId };
}

/** Makes the sale's job, or brings its job up to this version; once per version, under the row lock. */
export async function processSale(
  tx: Db,
  saleId: number,
  choice: ProcessChoice = {},
): Promise<ProcessOutcome> {
  const [row] = await tx.select().from(intakeSales).where(eq(intakeSales.id, saleId)).for("update");
  if (!row) throw new Error(`intake sale ${saleId} not found`);
  if (row.state === "done" && row.processedVersion === row.version)
    return { state: "done", orderId: row.orderId };
  const sale = row.sale;
  if (sale.returnFor) return processReturn(tx, row, sale);
  if (row.orderId !== null) {
    await applyMoney(tx, row.orderId, sale);
    return done(tx, row, row.orderId, null);
  }

  // A sale voided before it became a job leaves nothing to make, whatever it was waiting for.
  if (sale.state === "voided") return done(tx, row, null, null);

  const outlet = await resolveOutlet(tx, row, sale, choice.outletId);
  if (!outlet) return wait(tx, row, "unknown_outlet", INTAKE_MESSAGES.unknownOutlet(sale.externalOutletId));
  await tx.update(intakeSales).set({ outletId: outlet.id }).where(eq(intakeSales.id, row.id));

  const lines = sale.lines.filter((l) => l.quantity !== 0);
  const named = lines.filter((l) => !l.sku);
  if (named.length) return wait(tx, row, "unknown_sku", INTAKE_MESSAGES.noSku(named[0].name));
  const products = await productsBySku(tx, sale.regionId, [...new Set(lines.map((l) => l.sku as string))]);
  const unknown = [...new Set(lines.map((l) => l.sku as string).filter((s) => !products.has(s)))];
  if (unknown.length) return wait(tx, row, "unknown_sku", INTAKE_MESSAGES.unknownSku(unknown));

  const customer = await resolveCustomer(tx, row, sale, choice, outlet.id);
  if (customer.outcome === "choose")
    return wait(tx, row, "needs_customer", INTAKE_MESSAGES.needsCustomer(customer.candidateIds.length));

  const { orderId } = await createJobFromSale(tx, {
    outletId: outlet.id,
    customerId: customer.customerId,
    billing: {
      firstName: sale.customer?.firstName ?? "Guest",
      lastName: sale.customer?.lastName ?? "",
      email: sale.customer?.email ?? null,
      mobile: customer.mobile,
    },
    invoiceNumber: sale.channel === "online" ? `ONL-${sale.invoiceNumber}` : sale.invoiceNumber,
    channel: sale.channel,
    baseUrl: sale.source === "lightspeed" ? sale.baseUrl : null,
    lines: lines.map((l) => ({
      regionProductId: products.get(l.sku as string)!.id,
      quantity: l.quantity,
      unitPriceMinor: l.unitPriceMinor,
      discountMinor: l.discountMinor,
      totalMinor: l.totalMinor,
    })),
    totalMinor: sale.totalMinor,
    payments: sale.payments
      .filter((p) => p.amountMinor > 0)
      .map((p) => ({
        key: moneyKey(sale, "pay", p.externalId),
        amountMinor: p.amountMinor,
        tender: tenderOfSourceName(p.tender),
        sourceName: p.tender,
      })),
    origin:
      sale.source === "lightspeed"
        ? `from Lightspeed sale ${sale.invoiceNumber} at ${outlet.name}`
        : `from the web shop order #${sale.invoiceNumber}`,
  });
  // Its payments were written with it; money given back, refunds and a void follow.
  await applyMoney(tx, orderId, sale, { paymentsRecorded: true });
  const outcome = await done(tx, row, orderId, outlet.id);
  await processWaitingReturns(tx, sale);
  return outcome;
}

/** Payments (each once), refunds (each once), and a void or cancellation: what a version adds to the job. */
async function applyMoney(
  tx: Db,
  orderId: number,
  sale: IncomingSale,
  o: { paymentsRecorded?: boolean } = {},
): Promise<void> {
  for (const p of sale.payments) {
    if (p.amountMinor > 0 && o.paymentsRecorded) continue;
    if (p.amountMinor > 0)
      await recordSalePayment(tx, {
        orderId,
        key: moneyKey(sale, "pay", p.externalId),
        amountMinor: p.amountMinor,
        tender: tenderOfSourceName(p.tender),
        sourceName: p.tender,
      });
    else if (p.amountMinor < 0)
      await recordSaleRefund(tx, {
        orderId,
        key: moneyKey(sale, "pay", p.externalId),
        amountMinor: -p.amountMinor,
        reason: `given back at ${SOURCE_NAMES[sale.source]}`,
      });
  }
  for (const r of sale.refunds)
    await recordSaleRefund(tx, {
      orderId,
      key: moneyKey(sale, "refund", r.externalId),
      amountMinor: Math.abs(r.amountMinor),
      reason: r.reason?.trim() || `refunded in ${SOURCE_NAMES[sale.source]}`,
    });
  if (sale.state === "voided")
    await cancelJobFromSale(tx, {
      orderId,
      reason:
        sale.source === "lightspeed"
          ? `voided in Lightspeed sale ${sale.invoiceNumber}`
          : `order #${sale.invoiceNumber} cancelled in the web shop`,
    });
}

/** A Lightspeed return: a refund on the returned sale's job, once; waits until that job exists. */
async function processReturn(tx: Db, row: IntakeSaleRow, sale: IncomingSale): Promise<ProcessOutcome> {
  const [original] = await tx
    .select({ orderId: intakeSales.orderId })
    .from(intakeSales)
    .where(and(eq(intakeSales.source, sale.source), eq(intakeSales.externalId, sale.returnFor as string)));
  if (!original?.orderId)
    return wait(tx, row, "unknown_sale", INTAKE_MESSAGES.unknownSale(sale.returnFor as string));
  if (sale.state !== "voided")
    await recordSaleRefund(tx, {
      orderId: original.orderId,
      key: moneyKey(sale, "return", sale.externalId),
      amountMinor: Math.abs(sale.totalMinor),
      reason: `returned in Lightspeed sale ${sale.invoiceNumber}`,
    });
  return done(tx, row, original.orderId, null);
}

/** Returns that arrived before the sale they return: recorded now that its job exists. */
async function processWaitingReturns(tx: Db, sale: IncomingSale): Promise<void> {
  const waiting = await tx
    .select({ id: intakeSales.id })
    .from(intakeSales)
    .where(
      and(
        eq(intakeSales.source, sale.source),
        eq(intakeSales.returnFor, sale.externalId),
        eq(intakeSales.state, "waiting"),
      ),
    );
  for (const w of waiting) await processSale(tx, w.id);
}

/**
 * The Loupe outlet: staff's choice, else the store's remembered link. A sale that names no outlet
 * (a web order without a location) reads the store's link for such sales, kept under the empty
 * id. Without a link, three defaults link by themselves (and are remembered): the region has
 * exactly one active outlet; the source's outlet id is an active outlet's abbreviation in the
 * region; an online sale naming no outlet goes to the region's one online outlet (abbreviation
 * ONL…, as the spec's online invoice numbers read). Anything else waits for staff: a sale is
 * never put at a guessed outlet.
 */
async function resolveOutlet(tx: Db, row: IntakeSaleRow, sale: IncomingSale, chosen?: number) {
  const outlets = await activeOutletsOf(tx, sale.regionId);
  const externalOutletId = sale.externalOutletId ?? "";
  const remember = async (outletId: number) => {
    await tx
      .insert(intakeOutletLinks)
      .values({ storeKey: sale.storeKey, externalOutletId, outletId })
      .onConflictDoUpdate({
        target: [intakeOutletLinks.storeKey, intakeOutletLinks.externalOutletId],
        set: { outletId },
      });
  };
  if (chosen !== undefined) {
    const outlet = outlets.find((o) => o.id === chosen);
    if (outlet) await remember(outlet.id);
    return outlet ?? null;
  }
  const [link] = await tx
    .select({ outletId: intakeOutletLinks.outletId })
    .from(intakeOutletLinks)
    .where(
      and(
        eq(intakeOutletLinks.storeKey, sale.storeKey),
        eq(intakeOutletLinks.externalOutletId, externalOutletId),
      ),
    );
  // A linked outlet since closed is no default: staff say where the sale belongs now.
  if (link) return outlets.find((o) => o.id === link.outletId) ?? null;
  if (!sale.externalOutletId && row.outletId) return outlets.find((o) => o.id === row.outletId) ?? null;
  const byAbbreviation = sale.externalOutletId
    ? outlets.find((o) => o.abbreviation.toLowerCase() === sale.externalOutletId?.toLowerCase())
    : undefined;
  const online = outlets.filter((o) => o.abbreviation.toUpperCase().startsWith("ONL"));
  const onlineDefault =
    !sale.externalOutletId && sale.channel === "online" && online.length === 1 ? online[0] : undefined;
  const outlet = byAbbreviation ?? onlineDefault ?? (outlets.length === 1 ? outlets[0] : undefined);
  if (!outlet) return null;
  await remember(outlet.id);
  return outlet;
}

type CustomerResolution =
  | { outcome: "customer"; customerId: number | null; mobile: string | null }
  | { outcome: "choose"; candidateIds: number[] };

/** The facts of the source's customer the matching rule reads, and the mobile as E.164 where it reads as one. */
export async function matchFactsOf(tx: Db, sale: IncomingSale) {
  const facts = await regionFacts(tx, sale.regionId);
  const country = isSmsCountry(facts?.countryCode) ? facts.countryCode : "AU";
  const c = sale.customer;
  const keys: MatchKey[] = c
    ? matchKeys(
        {
          email: c.email,
          mobile: c.mobile,
          firstName: c.firstName,
          lastName: c.lastName,
          dateOfBirth: c.dateOfBirth,
        },
        country,
      )
    : [];
  const mobile = c?.mobile ? (toSmsNumber(c.mobile, country) ?? c.mobile) : null;
  return { keys, mobile };
}

/** The customers the rule finds: the first key that finds anyone decides. */
export async function findCandidates(tx: Db, keys: MatchKey[]) {
  const found: { key: MatchKey; ids: number[] }[] = [];
  for (const key of keys) {
    const ids = await customersByKey(tx, key);
    found.push({ key, ids });
    if (ids.length) break;
  }
  return { found, decision: decideMatch(found) };
}

async function resolveCustomer(
  tx: Db,
  row: IntakeSaleRow,
  sale: IncomingSale,
  choice: ProcessChoice,
  outletId: number,
): Promise<CustomerResolution> {
  const c = sale.customer;
  const { keys, mobile } = await matchFactsOf(tx, sale);
  const link = async (customerId: number, linkedBy: "match" | "created" | "staff") => {
    if (c?.externalId)
      await tx
        .insert(intakeCustomerLinks)
        .values({
          source: sale.source,
          storeKey: sale.storeKey,
          externalCustomerId: c.externalId,
          customerId,
          linkedBy,
        })
        .onConflictDoUpdate({
          target: [
            intakeCustomerLinks.source,
            intakeCustomerLinks.storeKey,
            intakeCustomerLinks.externalCustomerId,
          ],
          set: { customerId, linkedBy },
        });
    return { outcome: "customer" as const, customerId, mobile };
  };
  const create = async () =>
    link(
      await createCustomerFromSource(tx, {
        firstName: c?.firstName ?? "",
        lastName: c?.lastName ?? "",
        email: c?.email ?? null,
        mobile,
        dateOfBirth: c?.dateOfBirth ?? null,
        acceptsMarketing: c?.acceptsMarketing ?? null,
        regionId: row.regionId,
        outletId,
      }),
      "created",
    );
  if (choice.customerId !== undefined) return link(choice.customerId, "staff");
  if (!c) return { outcome: "customer", customerId: null, mobile: null };
  if (choice.createCustomer) return create();
  if (c.externalId) {
    const [linked] = await tx
      .select({ customerId: intakeCustomerLinks.customerId })
      .from(intakeCustomerLinks)
      .where(
        and(
          eq(intakeCustomerLinks.source, sale.source),
          eq(intakeCustomerLinks.storeKey, sale.storeKey),
          eq(intakeCustomerLinks.externalCustomerId, c.externalId),
        ),
      );
    if (linked) return { outcome: "customer", customerId: linked.customerId, mobile };
  }
  const { decision } = await findCandidates(tx, keys);
  if (decision.outcome === "link") return link(decision.customerId, "match");
  if (decision.outcome === "choose") return { outcome: "choose", candidateIds: decision.candidateIds };
  // Nothing to match on and nothing to create from: a guest in all but name.
  if (!keys.length && !c.firstName.trim() && !c.lastName.trim())
    return { outcome: "customer", customerId: null, mobile };
  return create();
}
