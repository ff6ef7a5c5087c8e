import { describe, expect, it } from "vitest";
import { APPROVAL_MESSAGES, type ApprovalFacts } from "./approval-rules";
import { MANAGER_ROLE_ID, STAFF_ROLE_ID } from "./constants";
import {
  balanceDue,
  checkJobPayment,
  DEFAULT_DEPOSIT_MINIMUM_PERCENT,
  depositMinimum,
  JOB_MONEY_MESSAGES,
  paymentStatusSlug,
} from "./job-money";
import { decideJobAction, type RuleContext, type RuleJob } from "./job-rulebook";
import { type QuoteFacts, quoteRefund, refundable } from "./partial-refunds";
import { DEFAULT_ROLE_SETTINGS } from "./role-settings";

const fmt = (m: number) => `$${(m / 100).toFixed(2)}`;

describe("deposit minimum (issue 44)", () => {
  it("is half the total by default", () => {
    expect(DEFAULT_DEPOSIT_MINIMUM_PERCENT).toBe(50);
    expect(depositMinimum(42_000)).toBe(21_000);
  });

  it("rounds up to the cent, never a fraction of a cent short of the setting", () => {
    expect(depositMinimum(9_999, 50)).toBe(5_000);
    expect(depositMinimum(1, 50)).toBe(1);
    expect(depositMinimum(10_001, 33)).toBe(3_301);
    // 12.5% of $100.01 = $12.50125: $12.51.
    expect(depositMinimum(10_001, 12.5)).toBe(1_251);
  });

  it("is nothing at 0%, everything at 100%, and clamps a setting outside 0–100", () => {
    expect(depositMinimum(5_000, 0)).toBe(0);
    expect(depositMinimum(5_000, 100)).toBe(5_000);
    expect(depositMinimum(5_000, 150)).toBe(5_000);
    expect(depositMinimum(5_000, -5)).toBe(0);
    expect(depositMinimum(0, 50)).toBe(0);
  });
});

describe("balance due", () => {
  it("is the total less the payments, never below zero", () => {
    expect(balanceDue(30_000, 10_000)).toBe(20_000);
    expect(balanceDue(30_000, 30_000)).toBe(0);
    expect(balanceDue(30_000, 31_000)).toBe(0);
  });

  it("stays as it was after a partial refund: the money returned is the value taken off the job", () => {
    // A $300 job (frame $100, lenses $200), $200 paid; the frame comes back and $100 is refunded.
    const facts: QuoteFacts = {
      items: [
        { id: 1, quantity: 1, totalAmountMinor: 10_000, taxable: true },
        { id: 2, quantity: 1, totalAmountMinor: 20_000, taxable: false },
      ],
      couponMinor: 0,
      payments: [{ id: 9, amountMinor: 20_000, card: false, authorisedOnly: false, createdAt: new Date(0) }],
      refunds: [],
      voidOnly: false,
    };
    const quote = quoteRefund(facts, { items: [{ id: 1, quantity: 1 }], destination: "till" }, fmt);
    if (!quote.ok) throw new Error(JSON.stringify(quote.errors));
    const after = refundable({ ...facts, refunds: [quote.quote] });
    // What the job now costs (the lenses) less what the customer has net paid ($200 − $100) …
    const netOwed = after.items.reduce((n, i) => n + i.remainingMinor, 0) - after.remainingMinor;
    // … is the balance read off the job's own total and payments, which a refund leaves alone.
    expect(netOwed).toBe(10_000);
    expect(balanceDue(30_000, 20_000)).toBe(netOwed);
  });
});

describe("checkJobPayment", () => {
  const base = { amountMinor: 5_000, tender: "cash", balanceMinor: 8_000 };

  it("takes a payment up to the balance", () => {
    expect(checkJobPayment(base, fmt)).toEqual({ ok: true });
    expect(checkJobPayment({ ...base, amountMinor: 8_000 }, fmt)).toEqual({ ok: true });
  });

  it("refuses more than the balance, naming the balance", () => {
    expect(checkJobPayment({ ...base, amountMinor: 8_001 }, fmt)).toEqual({
      ok: false,
      field: "amount",
      message: "The amount is more than the balance due ($80.00).",
    });
  });

  it("refuses nothing, less than nothing and fractions of a cent", () => {
    for (const amountMinor of [0, -1, 0.5, Number.NaN])
      expect(checkJobPayment({ ...base, amountMinor }, fmt)).toMatchObject({ ok: false, field: "amount" });
  });

  it("refuses any payment when nothing is owed", () => {
    expect(checkJobPayment({ ...base, balanceMinor: 0 }, fmt)).toMatchObject({
      ok: false,
      message: "This job has nothing left to pay.",
    });
  });

  it("asks a gift card and a health fund for their number, not cash or EFTPOS", () => {
    expect(checkJobPayment({ ...base, tender: "gift_card" }, fmt)).toMatchObject({ field: "reference" });
    expect(checkJobPayment({ ...base, tender: "health_fund", reference: " " }, fmt)).toMatchObject({
      field: "reference",
    });
    expect(checkJobPayment({ ...base, tender: "gift_card", reference: "GC-1" }, fmt)).toEqual({ ok: true });
    expect(checkJobPayment({ ...base, tender: "eftpos" }, fmt)).toEqual({ ok: true });
  });

  it("refuses an unknown tender", () => {
    expect(checkJobPayment({ ...base, tender: "cheque" }, fmt)).toMatchObject({ field: "tender" });
  });
});

describe("payment status", () => {
  it("follows what was paid", () => {
    expect(paymentStatusSlug(10_000, 0)).toBe("payment-due");
    expect(paymentStatusSlug(10_000, 1)).toBe("partially-paid");
    expect(paymentStatusSlug(10_000, 10_000)).toBe("paid");
  });
});

describe("the rulebook on money (issue 44)", () => {
  const staff = { roleId: STAFF_ROLE_ID, homeRegionId: 1, outletCountryCode: "AU" };
  const manager = { roleId: MANAGER_ROLE_ID, homeRegionId: 1, outletCountryCode: "AU" };
  const job: RuleJob = {
    id: 7,
    regionId: 1,
    countryCode: "AU",
    statusSlug: "ready-to-go",
    channelId: 1,
    isPointOfSale: true,
    refunded: false,
    voided: false,
    isRefundable: true,
    refundType: "refund",
    refundableMinor: 10_000,
    shipped: false,
    shipmentCancellable: false,
    balanceDueMinor: 2_000,
  };
  const now = new Date("2026-11-29T10:00:00Z");
  const approval = (over: Partial<ApprovalFacts<typeof manager>> = {}): ApprovalFacts<typeof manager> => ({
    id: 1,
    amountMinor: 2_000,
    used: false,
    expiresAt: new Date(now.getTime() + 60_000),
    createdAt: now,
    approver: manager,
    ...over,
  });
  const decide = (
    ctx: Partial<RuleContext>,
    action: "job_status" | "item_status" | "take_payment" = "job_status",
  ) => decideJobAction(action, { actor: staff, job, settings: DEFAULT_ROLE_SETTINGS, now, ...ctx }, fmt);

  it("refuses staff collecting a job that owes, naming the balance, as an approval to ask for", () => {
    expect(decide({ toStatusSlug: "collected-by-customer" })).toEqual({
      allowed: false,
      refusal: "approval",
      reason: JOB_MONEY_MESSAGES.collectWithBalance("$20.00"),
      hide: false,
    });
    expect(decide({ toStatusSlug: "completed" }, "item_status")).toMatchObject({ refusal: "approval" });
  });

  it("lets it through with a manager's approval for the balance, or for a manager, or once paid", () => {
    expect(decide({ toStatusSlug: "collected-by-customer", approvals: [approval()] })).toEqual({
      allowed: true,
    });
    expect(decide({ toStatusSlug: "collected-by-customer", actor: manager })).toEqual({ allowed: true });
    expect(
      decideJobAction(
        "job_status",
        {
          actor: staff,
          job: { ...job, balanceDueMinor: 0 },
          settings: DEFAULT_ROLE_SETTINGS,
          toStatusSlug: "completed",
        },
        fmt,
      ),
    ).toEqual({ allowed: true });
    // Any other status is not a collection.
    expect(decide({ toStatusSlug: "ready-to-pick" })).toEqual({ allowed: true });
  });

  it("does not count a used approval, one for less than the balance, or another region's manager", () => {
    expect(decide({ toStatusSlug: "completed", approvals: [approval({ used: true })] })).toMatchObject({
      reason: APPROVAL_MESSAGES.used("collect"),
    });
    expect(
      decide({ toStatusSlug: "completed", approvals: [approval({ amountMinor: 1_999 })] }),
    ).toMatchObject({
      reason:
        "The manager approved collecting with $19.99 due, not $20.00: a manager must approve this amount.",
    });
    expect(
      decide({
        toStatusSlug: "completed",
        approvals: [approval({ approver: { ...manager, homeRegionId: 2 } })],
      }),
    ).toMatchObject({ refusal: "approval" });
  });

  it("takes a payment only toward an open job that owes, and not more than it owes", () => {
    expect(decide({}, "take_payment")).toEqual({ allowed: true });
    expect(decide({ paymentMinor: 2_001 }, "take_payment")).toMatchObject({
      refusal: "state",
      reason: "The amount is more than the balance due ($20.00).",
    });
    expect(
      decideJobAction("take_payment", {
        actor: staff,
        job: { ...job, refunded: true },
        settings: DEFAULT_ROLE_SETTINGS,
      }),
    ).toMatchObject({ refusal: "state", reason: JOB_MONEY_MESSAGES.closed });
    expect(
      decideJobAction("take_payment", {
        actor: staff,
        job: { ...job, balanceDueMinor: 0 },
        settings: DEFAULT_ROLE_SETTINGS,
      }),
    ).toMatchObject({ refusal: "state", reason: JOB_MONEY_MESSAGES.nothingOwed });
  });
});
