import { describe, expect, it } from "vitest";
import { fullRefundWhere, offGatewayTender, refundWhere, tenderOf, tillRefundWhere } from "./refund-tenders";

const fmt = (m: number) => `$${(m / 100).toFixed(2)}`;

describe("refund tenders (issue 52)", () => {
  it("reads a health fund and a gift card from the point of sale's tender names, before any card", () => {
    expect(tenderOf({ name: "Health fund" })).toBe("health_fund");
    expect(tenderOf({ name: "HICAPS" })).toBe("health_fund");
    expect(tenderOf({ name: "Gift card", card: true })).toBe("gift_card");
    expect(tenderOf({ name: "Card", card: true })).toBe("card");
    expect(tenderOf({ name: "Cash" })).toBe("till");
  });

  it("sends money off the gateway to the job's one other tender, or the till when there are several", () => {
    expect(
      offGatewayTender([
        { name: "Health fund", card: false },
        { name: "Card", card: true },
      ]),
    ).toBe("health_fund");
    expect(
      offGatewayTender([
        { name: "Health fund", card: false },
        { name: "Cash", card: false },
      ]),
    ).toBe("till");
  });

  it("says each tender's share in its own words, never 'back to the customer'", () => {
    expect(
      refundWhere(
        [
          { tender: "card", amountMinor: 12_000 },
          { tender: "health_fund", amountMinor: 30_000 },
        ],
        fmt,
      ),
    ).toBe("$120.00 to the card and $300.00 to the health fund");
    expect(fullRefundWhere([{ name: "Gift card", amountMinor: 8_000 }], 8_000, fmt)).toBe(
      "$80.00 onto the gift card",
    );
    expect(
      fullRefundWhere(
        [
          { name: "Card", amountMinor: 12_000 },
          { name: "Health fund", amountMinor: 30_000 },
        ],
        42_000,
        fmt,
      ),
    ).toBe("$120.00 to the card and $300.00 to the health fund");
  });

  it("says where a refund off the gateway went from the job's payments as shown", () => {
    expect(tillRefundWhere(["Card", "Health fund"])).toBe("to the health fund");
    expect(tillRefundWhere(["Gift card"])).toBe("onto the gift card");
    expect(tillRefundWhere(["Cash", "Health fund"])).toBe("at the till");
  });
});
