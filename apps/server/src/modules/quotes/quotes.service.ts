import type {
  AcceptQuoteAnswer,
  CreateQuoteBody,
  DepositBody,
  QuoteLineBody,
  QuoteLineSelection,
  QuoteSummaryWire,
  QuoteWire,
} from "@loupe/contract";
import {
  decideQuoteAction,
  depositMinimum,
  formatMoney,
  JOB_MONEY_MESSAGES,
  type LineDiscountInput,
  lineDiscountErrors,
  lineDiscountMinor,
  navRegionId,
  type PricingKind,
  type PricingTaxClass,
  priceQuote,
  QUOTE_MESSAGES,
  type QuoteAction,
  quoteExpiresAt,
  quoteIsExpired,
  quoteReference,
  type RuleActor,
  type Verdict,
  versionConflictMessage,
} from "@loupe/domain";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { inRequestTransaction } from "../../platform/db/request-transaction";
import { AppError, notFound, validationError } from "../../platform/http/app-error";
import { writeQuotedSelection } from "../job-edit";
import { createCounterJob, recordJobPayment } from "../jobs";
import type { StaffRow } from "../staff";
import { useDiscountApproval } from "./discount-approvals";
import {
  customerForQuote,
  depositOfQuote,
  invoiceNumbersOf,
  outletForQuote,
  productForQuote,
  type QuoteOutlet,
  quoteDepositKey,
  staffNames,
} from "./quotes.queries";
import { quoteLines, quotes } from "./quotes.tables";

type QuoteRow = typeof quotes.$inferSelect;
type LineRow = typeof quoteLines.$inferSelect;

export interface QuotesSettings {
  expiryDays: number;
  depositMinimumPercent: number;
  discountLimits: { staffPercent: number; managerPercent: number };
}

/** A quote line's selection as the job edit checks and freezes it (job-edit's quoteSelection). */
export type SelectionFreezer = (
  staff: StaffRow,
  productId: number,
  customerId: number | null,
  selection: NonNullable<QuoteLineBody["selection"]>,
) => Promise<Record<string, unknown>>;

/** A card deposit's intent as the gateway reports it: checked before the job's transaction opens. */
export type CardCheck = (
  intentId: string,
  currency: string,
) => Promise<{ status: string; amountMinor: number }>;

/** The staff member as the rulebook weighs them. */
const actorOf = (staff: StaffRow, countryCode: string | null): RuleActor => ({
  roleId: staff.roleId,
  homeRegionId: staff.homeRegionId,
  outletCountryCode: countryCode,
});

const CODES = {
  who: "forbidden",
  state: "conflict",
  approval: "approval_required",
  missing: "not_found",
} as const;

function enforce(v: Verdict, field?: string): void {
  if (v.allowed) return;
  throw new AppError(CODES[v.refusal], v.reason, field ? { [field]: [v.reason] } : undefined);
}

/** Prefixes a 422's field names: a line's selection errors are named `lines.0.selection.pdId`. */
function prefixed(err: unknown, prefix: string): unknown {
  if (!(err instanceof AppError) || err.code !== "validation_failed" || !err.errors) return err;
  const errors = Object.fromEntries(Object.entries(err.errors).map(([k, v]) => [`${prefix}.${k}`, v]));
  return validationError(errors);
}

export interface QuotesServiceDeps {
  db: Db;
  settings: QuotesSettings;
  freezeSelection: SelectionFreezer;
  checkCard: CardCheck;
  gatewayName: "sandbox" | "stripe";
}

export function createQuotesService({
  db,
  settings,
  freezeSelection,
  checkCard,
  gatewayName,
}: QuotesServiceDeps) {
  async function outletOf(staff: StaffRow, outletId: number | undefined): Promise<QuoteOutlet> {
    const id = outletId ?? staff.outletId ?? staff.homeOutletId;
    if (!id) throw validationError({ outlet_id: [QUOTE_MESSAGES.noOutlet] });
    const outlet = await outletForQuote(db, id);
    if (!outlet) throw validationError({ outlet_id: ["The selected outlet id is invalid."] });
    return outlet;
  }

  function decide(
    staff: StaffRow,
    action: QuoteAction,
    outlet: QuoteOutlet,
    quote?: QuoteRow,
    lineCount = 0,
  ) {
    enforce(
      decideQuoteAction(action, {
        actor: actorOf(staff, outlet.countryCode),
        outletRegionId: navRegionId(outlet.regionId),
        quote: quote && { status: quote.status, expiresAt: quote.expiresAt, lineCount },
      }),
    );
  }

  /** Whom the quote is for: a customer that exists, or a guest with a name and a mobile or e-mail. */
  async function whom(body: Pick<CreateQuoteBody, "customer_id" | "guest">) {
    if (body.customer_id) {
      const customer = await customerForQuote(db, body.customer_id);
      if (!customer) throw validationError({ customer_id: ["The selected customer id is invalid."] });
      return { customerId: customer.id, guest: null };
    }
    const g = body.guest;
    if (!g) throw validationError({ customer_id: [QUOTE_MESSAGES.customerOrGuest] });
    if (!g.mobile?.trim() && !g.email?.trim())
      throw validationError({ "guest.mobile": [QUOTE_MESSAGES.guestContact] });
    return {
      customerId: null,
      guest: {
        guestFirstName: g.first_name,
        guestLastName: g.last_name ?? "",
        guestEmail: g.email?.trim() || null,
        guestMobile: g.mobile?.trim() || null,
      },
    };
  }

  /**
   * One line as quoted: the product checked (exists, sold in the outlet's region, not retired), the
   * discount checked and, above the role's limit, let through by a manager's approval (used here,
   * once), the selection checked with the job edit's rules and frozen. Errors name `lines.N.…`.
   */
  async function buildLine(
    staff: StaffRow,
    outlet: QuoteOutlet,
    customerId: number | null,
    line: QuoteLineBody,
    prefix: string,
    quoteId: number | null,
  ) {
    const product = await productForQuote(db, line.region_product_id);
    if (!product) throw validationError({ [`${prefix}.region_product_id`]: [QUOTE_MESSAGES.productMissing] });
    if (product.retiredAt)
      throw validationError({ [`${prefix}.region_product_id`]: [QUOTE_MESSAGES.retired] });
    if (navRegionId(product.regionId) !== navRegionId(outlet.regionId))
      throw validationError({ [`${prefix}.region_product_id`]: [QUOTE_MESSAGES.productRegion] });
    const discount = (line.discount ?? null) as LineDiscountInput | null;
    const input = {
      unitPriceMinor: product.priceMinor,
      quantity: line.quantity,
      discount,
      taxClass: product.taxClass as PricingTaxClass,
      kind: product.kind as PricingKind,
    };
    const discountErrors = lineDiscountErrors(input);
    if (Object.keys(discountErrors).length)
      throw validationError(
        Object.fromEntries(
          Object.entries(discountErrors).map(([k, m]): [string, string[]] => [`${prefix}.${k}`, [m]]),
        ),
      );
    const grossMinor = product.priceMinor * line.quantity;
    const discountMinor = lineDiscountMinor(grossMinor, discount);
    let approvedBy: number | null = null;
    const verdict = decideQuoteAction("discount", {
      actor: actorOf(staff, outlet.countryCode),
      outletRegionId: navRegionId(outlet.regionId),
      discount: { grossMinor, discountMinor, limits: settings.discountLimits, approved: false },
    });
    if (!verdict.allowed) {
      if (!line.approval_id) enforce(verdict, `${prefix}.approval_id`);
      approvedBy = await useDiscountApproval(db, {
        approvalId: line.approval_id!,
        requestedBy: staff.id,
        quoteId,
        amountMinor: discountMinor,
        regionId: navRegionId(outlet.regionId),
        field: `${prefix}.approval_id`,
      });
    }
    let selectionInfo: Record<string, unknown> | null = null;
    if (line.selection) {
      try {
        selectionInfo = await freezeSelection(staff, product.id, customerId, line.selection);
      } catch (err) {
        throw prefixed(err, `${prefix}.selection`);
      }
    }
    return {
      regionProductId: product.id,
      name: product.name,
      kind: product.kind,
      taxClass: product.taxClass,
      unitPriceMinor: product.priceMinor,
      quantity: line.quantity,
      discount: discount as Record<string, unknown> | null,
      discountMinor,
      selection: (line.selection ?? null) as Record<string, unknown> | null,
      selectionInfo,
      approvedBy,
    };
  }

  /** Prices the quote's lines again (each line's tax share depends on the others) and writes the figures. */
  async function reprice(quoteId: number, outlet: QuoteOutlet) {
    const lines = await db
      .select()
      .from(quoteLines)
      .where(eq(quoteLines.quoteId, quoteId))
      .orderBy(asc(quoteLines.position));
    const priced = priceQuote(
      { countryCode: outlet.countryCode, province: outlet.state },
      lines.map((l) => ({
        unitPriceMinor: l.unitPriceMinor,
        quantity: l.quantity,
        discount: l.discount as LineDiscountInput | null,
        taxClass: l.taxClass,
        kind: l.kind as PricingKind | null,
      })),
    );
    for (const [i, l] of lines.entries()) {
      const p = priced.lines[i];
      await db
        .update(quoteLines)
        .set({
          discountMinor: p.discountMinor,
          netMinor: p.netMinor,
          taxMinor: p.taxMinor,
          totalMinor: p.totalMinor,
          taxes: p.taxes,
        })
        .where(eq(quoteLines.id, l.id));
    }
    await db
      .update(quotes)
      .set({
        subtotalMinor: priced.subtotalMinor,
        discountMinor: priced.discountMinor,
        taxMinor: priced.taxMinor,
        totalMinor: priced.totalMinor,
        taxes: priced.taxes,
      })
      .where(eq(quotes.id, quoteId));
  }

  async function insertQuote(
    staff: StaffRow,
    body: CreateQuoteBody,
    outlet: QuoteOutlet,
    createKey: string | null,
  ) {
    const who = await whom(body);
    const now = new Date();
    const [row] = await db
      .insert(quotes)
      .values({
        outletId: outlet.id,
        customerId: who.customerId,
        ...who.guest,
        note: body.note ?? null,
        expiresAt: quoteExpiresAt(now, outlet.timeZone, settings.expiryDays),
        createdBy: staff.id,
        updatedBy: staff.id,
        createKey,
      })
      .onConflictDoNothing({ target: quotes.createKey })
      .returning();
    if (!row) return null;
    const lines = body.lines ?? [];
    for (const [i, line] of lines.entries()) {
      const built = await buildLine(
        staff,
        outlet,
        who.customerId,
        line,
        `lines.${i}`,
        createKey ? null : row.id,
      );
      await db.insert(quoteLines).values({ ...built, quoteId: row.id, position: i + 1 });
    }
    await reprice(row.id, outlet);
    return row;
  }

  /** The quote locked for this transaction's change, or 404. */
  async function lockQuote(id: number) {
    const [row] = await db.select().from(quotes).where(eq(quotes.id, id)).for("update");
    if (!row) throw notFound("Quote");
    return row;
  }

  /** A stale version: 409 naming who changed the quote last and when (ADR 0007's envelope). */
  async function staleQuote(row: QuoteRow, expected: number, outlet: QuoteOutlet) {
    const names = await staffNames(db, row.updatedBy ? [row.updatedBy] : []);
    const by = row.updatedBy ? (names.get(row.updatedBy) ?? null) : null;
    return new AppError(
      "conflict",
      versionConflictMessage({ record: "quote", by, at: row.updatedAt, timeZone: outlet.timeZone }),
      undefined,
      {
        versionConflict: {
          record: "quote",
          id: row.id,
          expected_version: expected,
          current_version: row.version,
          updated_at: row.updatedAt.toISOString(),
          updated_by: row.updatedBy && by ? { id: row.updatedBy, full_name: by } : null,
        },
      },
    );
  }

  /** Opens an edit of an open quote: locked, its version the one sent, the rulebook asked. */
  async function openForEdit(staff: StaffRow, id: number, expected: number | undefined, action: QuoteAction) {
    const row = await lockQuote(id);
    const outlet = (await outletForQuote(db, row.outletId))!;
    const [{ n }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(quoteLines)
      .where(eq(quoteLines.quoteId, id));
    // Who first: another region's staff learn nothing of the quote's state or version.
    decide(staff, action, outlet);
    if (expected !== undefined && expected !== row.version) throw await staleQuote(row, expected, outlet);
    decide(staff, action, outlet, row, n);
    return { row, outlet, lineCount: n };
  }

  async function bump(staff: StaffRow, id: number, set: Partial<typeof quotes.$inferInsert> = {}) {
    await db
      .update(quotes)
      .set({ ...set, version: sql`${quotes.version} + 1`, updatedAt: new Date(), updatedBy: staff.id })
      .where(eq(quotes.id, id));
  }

  async function toWire(row: QuoteRow): Promise<QuoteWire> {
    const [outlet, lines, customer] = await Promise.all([
      outletForQuote(db, row.outletId),
      db.select().from(quoteLines).where(eq(quoteLines.quoteId, row.id)).orderBy(asc(quoteLines.position)),
      row.customerId ? customerForQuote(db, row.customerId) : Promise.resolve(null),
    ]);
    const names = await staffNames(
      db,
      [row.createdBy, ...lines.map((l) => l.approvedBy)].filter((x): x is number => x != null),
    );
    const invoice = row.orderId ? (await invoiceNumbersOf(db, [row.orderId])).get(row.orderId) : null;
    const status = quoteIsExpired(row, new Date()) ? "expired" : row.status;
    return {
      ...summaryOf(row, outlet!, customer, names, invoice ?? null, lines.length),
      status,
      taxes: row.taxes.map((t) => ({ name: t.name, rate: t.rate, amount_minor: t.amountMinor })),
      lines: lines.map((l) => lineWire(l, names)),
    };
  }

  function summaryOf(
    row: QuoteRow,
    outlet: QuoteOutlet,
    customer: Awaited<ReturnType<typeof customerForQuote>> | null,
    names: Map<number, string>,
    invoice: string | null,
    lineCount: number,
  ): Omit<QuoteWire, "lines" | "taxes"> & { line_count: number } {
    return {
      id: row.id,
      reference: quoteReference(row.id),
      status: quoteIsExpired(row, new Date()) ? "expired" : row.status,
      version: row.version,
      outlet: {
        id: outlet.id,
        name: outlet.name,
        abbreviation: outlet.abbreviation,
        region_id: outlet.regionId,
      },
      currency: outlet.currency,
      tax_included: outlet.countryCode !== "CA",
      customer: customer
        ? {
            id: customer.id,
            first_name: customer.firstName,
            last_name: customer.lastName,
            email: customer.email,
            mobile: customer.mobile,
          }
        : null,
      guest:
        row.customerId == null && row.guestFirstName != null
          ? {
              first_name: row.guestFirstName,
              last_name: row.guestLastName ?? "",
              email: row.guestEmail,
              mobile: row.guestMobile,
            }
          : null,
      note: row.note,
      subtotal_minor: row.subtotalMinor,
      discount_minor: row.discountMinor,
      tax_minor: row.taxMinor,
      total_minor: row.totalMinor,
      deposit_minimum_minor: depositMinimum(row.totalMinor, settings.depositMinimumPercent),
      expires_at: row.expiresAt.toISOString(),
      created_at: row.createdAt.toISOString(),
      created_by: row.createdBy ? { id: row.createdBy, full_name: names.get(row.createdBy) ?? "" } : null,
      order_id: row.orderId,
      invoice_number: invoice,
      line_count: lineCount,
    };
  }

  function lineWire(l: LineRow, names: Map<number, string>): QuoteWire["lines"][number] {
    const info = l.selectionInfo as { data?: Record<string, unknown> } | null;
    const option = info?.data?.lens_addon_combination as
      | { id: number; price: number; lenses?: { name?: string } }
      | null
      | undefined;
    return {
      id: l.id,
      position: l.position,
      region_product_id: l.regionProductId,
      name: l.name,
      kind: l.kind,
      unit_price_minor: l.unitPriceMinor,
      tax_class: l.taxClass,
      quantity: l.quantity,
      discount: l.discount as QuoteWire["lines"][number]["discount"],
      discount_minor: l.discountMinor,
      net_minor: l.netMinor,
      tax_minor: l.taxMinor,
      total_minor: l.totalMinor,
      selection: l.selection
        ? {
            choice: l.selection as unknown as QuoteLineSelection,
            prescription: (info?.data?.prescription as Record<string, unknown> | null) ?? null,
            pd: (info?.data?.pd as Record<string, unknown> | null) ?? null,
            lens: option
              ? {
                  id: option.id,
                  name: option.lenses?.name ?? "",
                  price_minor: Math.round(option.price * 100),
                }
              : null,
          }
        : null,
      approved_by: l.approvedBy ? { id: l.approvedBy, full_name: names.get(l.approvedBy) ?? "" } : null,
    };
  }

  async function getRow(id: number) {
    const [row] = await db.select().from(quotes).where(eq(quotes.id, id));
    if (!row) throw notFound("Quote");
    return row;
  }

  /** Deposit checks that need no transaction: at least the minimum, at most the total, a card that went through. */
  async function checkDeposit(
    deposit: DepositBody | null | undefined,
    totalMinor: number,
    outlet: QuoteOutlet,
  ) {
    const fmt = (minor: number) => formatMoney(minor / 100, outlet.currency);
    const minimum = depositMinimum(totalMinor, settings.depositMinimumPercent);
    const amount = deposit?.amount_minor ?? 0;
    if (amount < minimum)
      throw validationError({ "deposit.amount_minor": [JOB_MONEY_MESSAGES.belowDeposit(fmt(minimum))] });
    if (amount > totalMinor)
      throw validationError({ "deposit.amount_minor": [QUOTE_MESSAGES.depositAbove(fmt(totalMinor))] });
    if (deposit?.tender === "card") {
      if (!deposit.intent_id) throw validationError({ "deposit.intent_id": [JOB_MONEY_MESSAGES.intent] });
      let intent: { status: string; amountMinor: number };
      try {
        intent = await checkCard(deposit.intent_id, outlet.currency);
      } catch (err) {
        // The check names `intent_id`: here it is the deposit's.
        throw prefixed(err, "deposit");
      }
      if (intent.status !== "succeeded")
        throw validationError({ "deposit.intent_id": [JOB_MONEY_MESSAGES.intentNotPaid] });
      // The card's amount is what was taken, not what the browser says.
      if (intent.amountMinor !== deposit.amount_minor)
        throw validationError({ "deposit.amount_minor": [QUOTE_MESSAGES.depositNotCard] });
    }
  }

  /**
   * Inside the caller's transaction, with the quote locked and checked: the job (order, items,
   * invoice number, promised date, timeline), each line's frozen selection as its item's first
   * revision, the quote marked accepted, and the deposit through the jobs module's one writer.
   */
  async function acceptLocked(
    staff: StaffRow,
    row: QuoteRow,
    outlet: QuoteOutlet,
    deposit: DepositBody | null | undefined,
    acceptKey: string,
  ) {
    const lines = await db
      .select()
      .from(quoteLines)
      .where(eq(quoteLines.quoteId, row.id))
      .orderBy(asc(quoteLines.position));
    const customer = row.customerId ? await customerForQuote(db, row.customerId) : null;
    const job = await createCounterJob(db, {
      outletId: outlet.id,
      staffId: staff.id,
      customerId: row.customerId,
      billing: customer
        ? {
            firstName: customer.firstName,
            lastName: customer.lastName,
            email: customer.email,
            mobile: customer.mobile,
          }
        : {
            firstName: row.guestFirstName ?? "",
            lastName: row.guestLastName ?? "",
            email: row.guestEmail,
            mobile: row.guestMobile,
          },
      lines: lines.map((l) => ({
        regionProductId: l.regionProductId,
        quantity: l.quantity,
        unitPriceMinor: l.unitPriceMinor,
        discountMinor: l.discountMinor,
        totalMinor: l.totalMinor,
      })),
      totalMinor: row.totalMinor,
      quoteReference: row.createKey ? null : quoteReference(row.id),
    });
    for (const [i, l] of lines.entries()) {
      if (!l.selection || !l.selectionInfo) continue;
      await writeQuotedSelection(db, {
        staffId: staff.id,
        orderId: job.orderId,
        itemId: job.itemIds[i],
        selection: l.selection,
        additionalInfo: l.selectionInfo,
      });
    }
    await bump(staff, row.id, {
      status: "accepted",
      orderId: job.orderId,
      acceptedAt: new Date(),
      acceptKey,
    });
    let paid: AcceptQuoteAnswer["data"]["deposit"] = null;
    let balance = row.totalMinor;
    if (deposit) {
      const r = await recordJobPayment(db, {
        orderId: job.orderId,
        amountMinor: deposit.amount_minor,
        tender: deposit.tender,
        reference: deposit.reference ?? null,
        intentId: deposit.intent_id ?? null,
        gateway: deposit.tender === "card" ? gatewayName : null,
        idempotencyKey: quoteDepositKey(row.id),
        staffId: staff.id,
        kind: "deposit",
        outletId: outlet.id,
      });
      paid = { payment_id: r.paymentId, amount_minor: deposit.amount_minor, tender: deposit.tender };
      balance = r.balanceDueMinor;
    }
    return { job, deposit: paid, balance };
  }

  /** The answer of an accepted quote, for the accept itself and for a retry with its key. */
  async function acceptedAnswer(row: QuoteRow) {
    const [quote] = await db.select().from(quotes).where(eq(quotes.id, row.id));
    const invoice = (await invoiceNumbersOf(db, [quote.orderId!])).get(quote.orderId!)!;
    return { quote, invoice };
  }

  return {
    outletOf,

    async create(staff: StaffRow, body: CreateQuoteBody): Promise<QuoteWire> {
      const outlet = await outletOf(staff, body.outlet_id);
      decide(staff, "create_quote", outlet);
      const row = await inRequestTransaction(db, () => insertQuote(staff, body, outlet, null));
      return toWire(await getRow(row!.id));
    },

    async get(id: number): Promise<QuoteWire> {
      return toWire(await getRow(id));
    },

    async listForCustomer(customerId: number, status?: QuoteWire["status"]): Promise<QuoteSummaryWire[]> {
      const rows = await db
        .select()
        .from(quotes)
        .where(eq(quotes.customerId, customerId))
        .orderBy(desc(quotes.createdAt), desc(quotes.id))
        .limit(200);
      const out: QuoteSummaryWire[] = [];
      const customer = await customerForQuote(db, customerId);
      const names = await staffNames(
        db,
        rows.map((r) => r.createdBy).filter((x): x is number => x != null),
      );
      const invoices = await invoiceNumbersOf(
        db,
        rows.map((r) => r.orderId).filter((x): x is number => x != null),
      );
      for (const row of rows) {
        const outlet = (await outletForQuote(db, row.outletId))!;
        const [{ n }] = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(quoteLines)
          .where(eq(quoteLines.quoteId, row.id));
        const s = summaryOf(
          row,
          outlet,
          customer,
          names,
          row.orderId ? (invoices.get(row.orderId) ?? null) : null,
          n,
        );
        if (!status || s.status === status) out.push(s);
      }
      return out;
    },

    async update(
      staff: StaffRow,
      id: number,
      body: {
        version?: number;
        customer_id?: number | null;
        guest?: CreateQuoteBody["guest"];
        note?: string | null;
        status?: "cancelled";
      },
    ): Promise<QuoteWire> {
      await inRequestTransaction(db, async () => {
        const { row } = await openForEdit(staff, id, body.version, "edit_quote");
        const set: Partial<typeof quotes.$inferInsert> = {};
        if (body.customer_id !== undefined || body.guest !== undefined) {
          const who = await whom({
            customer_id: body.customer_id ?? null,
            guest: body.guest ?? null,
          });
          set.customerId = who.customerId;
          set.guestFirstName = who.guest?.guestFirstName ?? null;
          set.guestLastName = who.guest?.guestLastName ?? null;
          set.guestEmail = who.guest?.guestEmail ?? null;
          set.guestMobile = who.guest?.guestMobile ?? null;
          // A selection names the customer's prescription and PD: another customer's quote keeps none.
          if (who.customerId !== row.customerId)
            await db
              .update(quoteLines)
              .set({ selection: null, selectionInfo: null })
              .where(eq(quoteLines.quoteId, id));
        }
        if (body.note !== undefined) set.note = body.note;
        if (body.status === "cancelled") set.status = "cancelled";
        await bump(staff, id, set);
      });
      return toWire(await getRow(id));
    },

    async addLine(
      staff: StaffRow,
      id: number,
      body: QuoteLineBody & { version?: number },
    ): Promise<QuoteWire> {
      await inRequestTransaction(db, async () => {
        const { row, outlet } = await openForEdit(staff, id, body.version, "edit_quote");
        const built = await buildLine(staff, outlet, row.customerId, body, "line", id);
        const [{ max }] = await db
          .select({ max: sql<number>`coalesce(max(${quoteLines.position}), 0)::int` })
          .from(quoteLines)
          .where(eq(quoteLines.quoteId, id));
        await db.insert(quoteLines).values({ ...built, quoteId: id, position: max + 1 });
        await reprice(id, outlet);
        await bump(staff, id);
      });
      return toWire(await getRow(id));
    },

    async updateLine(
      staff: StaffRow,
      id: number,
      lineId: number,
      body: QuoteLineBody & { version?: number },
    ): Promise<QuoteWire> {
      await inRequestTransaction(db, async () => {
        const { row, outlet } = await openForEdit(staff, id, body.version, "edit_quote");
        const [line] = await db
          .select()
          .from(quoteLines)
          .where(and(eq(quoteLines.id, lineId), eq(quoteLines.quoteId, id)));
        if (!line) throw notFound("Quote line");
        const built = await buildLine(staff, outlet, row.customerId, body, "line", id);
        // A discount a manager approved before stays approved while it is not raised.
        if (!built.approvedBy && line.approvedBy && built.discountMinor <= line.discountMinor)
          built.approvedBy = line.approvedBy;
        await db.update(quoteLines).set(built).where(eq(quoteLines.id, lineId));
        await reprice(id, outlet);
        await bump(staff, id);
      });
      return toWire(await getRow(id));
    },

    async removeLine(
      staff: StaffRow,
      id: number,
      lineId: number,
      version: number | undefined,
    ): Promise<QuoteWire> {
      await inRequestTransaction(db, async () => {
        const { outlet } = await openForEdit(staff, id, version, "edit_quote");
        const gone = await db
          .delete(quoteLines)
          .where(and(eq(quoteLines.id, lineId), eq(quoteLines.quoteId, id)))
          .returning({ id: quoteLines.id });
        if (!gone.length) throw notFound("Quote line");
        await reprice(id, outlet);
        await bump(staff, id);
      });
      return toWire(await getRow(id));
    },

    /**
     * Accept into a job, exactly once: the quote's row lock orders parallel accepts; the one that
     * finds it accepted with its own key answers the same job, any other gets 409.
     */
    async accept(
      staff: StaffRow,
      id: number,
      body: { version?: number; deposit?: DepositBody | null },
      key: string,
    ): Promise<Omit<AcceptQuoteAnswer["data"], "order">> {
      // The card is asked before the transaction (a network call never holds the quote's lock).
      const before = await getRow(id);
      const outletBefore = await outletForQuote(db, before.outletId);
      if (before.status === "open" && outletBefore)
        await checkDeposit(body.deposit, before.totalMinor, outletBefore);
      return inRequestTransaction(db, async () => {
        const locked = await lockQuote(id);
        if (locked.status === "accepted" && locked.acceptKey === key) return replayAnswer(locked);
        const { row, outlet } = await openForEdit(staff, id, body.version, "accept_quote");
        // The total may have moved since the check above (an edit in between bumps the version,
        // which the check just passed): check the deposit against the locked figures again.
        if (row.totalMinor !== before.totalMinor) await checkDeposit(body.deposit, row.totalMinor, outlet);
        const made = await acceptLocked(staff, row, outlet, body.deposit, key);
        return {
          order_id: made.job.orderId,
          invoice_number: made.job.invoiceNumber,
          quote_id: row.id,
          promised_date: made.job.promisedDate,
          total_minor: row.totalMinor,
          deposit: made.deposit,
          balance_due_minor: made.balance,
        };
      });
    },

    /**
     * "New job" at the counter: a quote made and accepted in one transaction. The Idempotency-Key
     * is the quote's `create_key` (unique): a parallel retry waits on the first's row and, once
     * that commits, finds it and answers its job; if the first rolled back, the retry makes it.
     */
    async createJob(
      staff: StaffRow,
      body: CreateQuoteBody & { deposit?: DepositBody | null },
      key: string,
    ): Promise<Omit<AcceptQuoteAnswer["data"], "order">> {
      const createKey = `job:${key}`;
      const [done] = await db.select().from(quotes).where(eq(quotes.createKey, createKey));
      if (done) return replayOf(done, staff);
      const outlet = await outletOf(staff, body.outlet_id);
      decide(staff, "create_job", outlet);
      return inRequestTransaction(db, async () => {
        // The key is claimed by the quote's own insert: a parallel request with the same key waits
        // on it, then finds the first's quote and answers its job.
        const row = await insertQuote(staff, body, outlet, createKey);
        if (!row) {
          const [first] = await db.select().from(quotes).where(eq(quotes.createKey, createKey));
          return replayOf(first, staff);
        }
        const priced = await getRow(row.id);
        // The total is known only now: a card deposit is asked of the gateway inside the transaction.
        await checkDeposit(body.deposit, priced.totalMinor, outlet);
        const made = await acceptLocked(staff, priced, outlet, body.deposit, createKey);
        return {
          order_id: made.job.orderId,
          invoice_number: made.job.invoiceNumber,
          quote_id: priced.id,
          promised_date: made.job.promisedDate,
          total_minor: priced.totalMinor,
          deposit: made.deposit,
          balance_due_minor: made.balance,
        };
      });
    },
  };

  async function replayOf(row: QuoteRow, staff: StaffRow) {
    if (row.createdBy !== staff.id)
      throw new AppError("conflict", "This idempotency key was used by another staff member's job.");
    if (row.status !== "accepted") throw new AppError("conflict", QUOTE_MESSAGES.notOpen(row.status));
    return replayAnswer(row);
  }

  /** What the first accept answered, read again: the job, its deposit and the balance now. */
  async function replayAnswer(row: QuoteRow) {
    const { quote, invoice } = await acceptedAnswer(row);
    const paid = await depositOfQuote(db, quote.id, quote.orderId!);
    return {
      order_id: quote.orderId!,
      invoice_number: invoice,
      quote_id: quote.id,
      promised_date: paid.promisedDate,
      total_minor: quote.totalMinor,
      deposit: paid.deposit,
      balance_due_minor: paid.balance,
    };
  }
}

export type QuotesService = ReturnType<typeof createQuotesService>;
