import { describe, expect, it } from "vitest";
import { ADMIN_ROLE_ID, MANAGER_ROLE_ID, STAFF_ROLE_ID } from "./constants";
import { decideIntakeAction, INTAKE_MESSAGES } from "./intake-rules";
import { tenderOfSourceName } from "./job-money";

const staff = (roleId: number, homeRegionId: number | null) => ({
  roleId,
  homeRegionId,
  outletCountryCode: null,
});

describe("the intake's rules (issue 45)", () => {
  it("lets a region's staff resolve and sync its own sales, not another region's", () => {
    expect(
      decideIntakeAction("intake_resolve", { actor: staff(STAFF_ROLE_ID, 1), regionId: 1 }).allowed,
    ).toBe(true);
    expect(
      decideIntakeAction("intake_sync", { actor: staff(MANAGER_ROLE_ID, 5), regionId: 1 }),
    ).toMatchObject({
      allowed: false,
      reason: INTAKE_MESSAGES.otherRegion,
    });
    expect(
      decideIntakeAction("intake_resolve", { actor: staff(ADMIN_ROLE_ID, null), regionId: 1 }).allowed,
    ).toBe(true);
  });

  it("shows a raw payload to administrators only", () => {
    expect(decideIntakeAction("intake_raw", { actor: staff(MANAGER_ROLE_ID, 1), regionId: 1 }).allowed).toBe(
      false,
    );
    expect(
      decideIntakeAction("intake_raw", { actor: staff(ADMIN_ROLE_ID, null), regionId: null }).allowed,
    ).toBe(true);
  });

  it("names each waiting reason in a plain sentence", () => {
    expect(INTAKE_MESSAGES.unknownSku(["FR-123"])).toBe("SKU FR-123 is not in the catalogue");
    expect(INTAKE_MESSAGES.unknownSku(["A", "B"])).toBe("SKUs A, B are not in the catalogue");
  });
});

describe("tenders from outside", () => {
  it("maps the sources' names to Loupe's tenders and anything unknown to other", () => {
    expect(tenderOfSourceName("Cash")).toBe("cash");
    expect(tenderOfSourceName("EFTPOS")).toBe("eftpos");
    expect(tenderOfSourceName("Visa")).toBe("card");
    expect(tenderOfSourceName("shopify_payments")).toBe("card");
    expect(tenderOfSourceName("Gift Card")).toBe("gift_card");
    expect(tenderOfSourceName("HICAPS")).toBe("health_fund");
    expect(tenderOfSourceName("Afterpay")).toBe("other");
    expect(tenderOfSourceName("manual")).toBe("other");
  });
});
