import { describe, expect, it } from "vitest";
import { APPROVAL_MESSAGES, type ApprovalFacts, pickApproval } from "./approval-rules";

const NOW = new Date("2026-11-29T09:00:00Z");
const minutes = (m: number) => new Date(NOW.getTime() + m * 60_000);
const approval = (over: Partial<ApprovalFacts<string>> = {}): ApprovalFacts<string> => ({
  id: 1,
  amountMinor: 55_000,
  used: false,
  createdAt: minutes(-1),
  expiresAt: minutes(9),
  approver: "mia",
  ...over,
});
const fmt = (m: number) => `$${(m / 100).toFixed(2)}`;

describe("an approval approves one thing", () => {
  it("lets through an amount up to the one approved, while unused and unexpired", () => {
    expect(pickApproval([approval()], 55_000, "refund", NOW, fmt)).toEqual({ approval: approval() });
    expect(pickApproval([approval()], 52_000, "refund", NOW, fmt)).toEqual({ approval: approval() });
  });

  it("refuses a second use, naming it", () => {
    expect(pickApproval([approval({ used: true })], 55_000, "refund", NOW, fmt)).toEqual({
      reason: APPROVAL_MESSAGES.used("refund"),
    });
  });

  it("refuses a larger amount than approved, naming both", () => {
    expect(pickApproval([approval({ amountMinor: 10_000 })], 55_000, "refund", NOW, fmt)).toEqual({
      reason: "The manager approved a refund of $100.00, not $550.00: a manager must approve this amount.",
    });
  });

  it("refuses an expired approval, at the very moment it expires", () => {
    expect(pickApproval([approval({ expiresAt: NOW })], 55_000, "void", NOW, fmt)).toEqual({
      reason: APPROVAL_MESSAGES.expired("void"),
    });
  });

  it("takes a newer approval that covers the amount over a spent one, and says nothing when there is none", () => {
    const spent = approval({ id: 1, used: true, createdAt: minutes(-5) });
    const fresh = approval({ id: 2, createdAt: minutes(-1) });
    expect(pickApproval([spent, fresh], 55_000, "refund", NOW, fmt)).toEqual({ approval: fresh });
    expect(pickApproval([], 55_000, "refund", NOW, fmt)).toBeNull();
  });
});
