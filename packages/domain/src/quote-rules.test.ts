import { describe, expect, it } from "vitest";
import { ADMIN_ROLE_ID, MANAGER_ROLE_ID, STAFF_ROLE_ID } from "./constants";
import { decideOutletAction } from "./outlet-rulebook";
import { DEFAULT_DISCOUNT_LIMITS } from "./quote-pricing";
import { decideQuoteAction, QUOTE_MESSAGES, quoteExpiresAt } from "./quote-rules";

const staff = { roleId: STAFF_ROLE_ID, homeRegionId: 1, outletCountryCode: "AU" };
const now = new Date("2026-06-01T00:00:00Z");
const open = { status: "open" as const, expiresAt: new Date("2026-06-30T00:00:00Z"), lineCount: 2 };

describe("the quote rules", () => {
  it("makes quotes and jobs at the home region's outlets only (administrators anywhere), as the outlet rules do", () => {
    expect(decideQuoteAction("create_job", { actor: staff, outletRegionId: 1 }).allowed).toBe(true);
    const other = decideQuoteAction("create_quote", { actor: staff, outletRegionId: 2 });
    expect(other).toMatchObject({ allowed: false, refusal: "who" });
    expect(decideOutletAction("create_job", { actor: staff, outletRegionId: 2 }).allowed).toBe(false);
    const admin = { roleId: ADMIN_ROLE_ID, homeRegionId: null, outletCountryCode: null };
    expect(decideQuoteAction("create_job", { actor: admin, outletRegionId: 5 }).allowed).toBe(true);
  });

  it("edits and accepts only an open quote before its expiry, and accepts none without lines", () => {
    const ctx = { actor: staff, outletRegionId: 1, now };
    expect(decideQuoteAction("accept_quote", { ...ctx, quote: open }).allowed).toBe(true);
    expect(
      decideQuoteAction("accept_quote", { ...ctx, quote: { ...open, status: "accepted" } }),
    ).toMatchObject({
      refusal: "state",
      reason: QUOTE_MESSAGES.notOpen("accepted"),
    });
    expect(decideQuoteAction("edit_quote", { ...ctx, quote: { ...open, expiresAt: now } })).toMatchObject({
      refusal: "state",
      reason: QUOTE_MESSAGES.expired,
    });
    expect(decideQuoteAction("accept_quote", { ...ctx, quote: { ...open, lineCount: 0 } })).toMatchObject({
      refusal: "state",
    });
  });

  it("a discount above the role's limit needs an approval; with one, or within the limit, it passes", () => {
    const d = { grossMinor: 10_000, discountMinor: 2_000, limits: DEFAULT_DISCOUNT_LIMITS, approved: false };
    expect(decideQuoteAction("discount", { actor: staff, outletRegionId: 1, discount: d })).toMatchObject({
      allowed: false,
      refusal: "approval",
    });
    expect(
      decideQuoteAction("discount", { actor: staff, outletRegionId: 1, discount: { ...d, approved: true } })
        .allowed,
    ).toBe(true);
    const manager = { ...staff, roleId: MANAGER_ROLE_ID };
    expect(decideQuoteAction("discount", { actor: manager, outletRegionId: 1, discount: d }).allowed).toBe(
      true,
    );
  });
});

describe("a quote's expiry", () => {
  it("is the end of the day N days on, on the outlet's clock, across a daylight-saving change", () => {
    // 10:00 on 20 September in Sydney (AEST, +10); 30 days on is 20 October (AEDT, +11).
    const made = new Date("2026-09-20T00:00:00Z");
    expect(quoteExpiresAt(made, "Australia/Sydney", 30).toISOString()).toBe("2026-10-20T12:59:59.999Z");
    // 23:30 on 1 March in Toronto is already 2 March in UTC: the day counted is Toronto's.
    const late = new Date("2026-03-02T04:30:00Z");
    expect(quoteExpiresAt(late, "America/Toronto", 1).toISOString()).toBe("2026-03-03T04:59:59.999Z");
  });
});
