import { describe, expect, it } from "vitest";
import type { ApprovalFacts } from "./approval-rules";
import { ADMIN_ROLE_ID, MANAGER_ROLE_ID, STAFF_ROLE_ID } from "./constants";
import { decideJobAction, RULEBOOK_MESSAGES, type RuleActor, type RuleJob } from "./job-rulebook";
import { DEFAULT_ROLE_SETTINGS, type RoleSettings } from "./role-settings";

const AU = 1;
const NZ = 2;
const staff: RuleActor = { roleId: STAFF_ROLE_ID, homeRegionId: AU, outletCountryCode: "AU" };
const manager: RuleActor = { ...staff, roleId: MANAGER_ROLE_ID };
const admin: RuleActor = { roleId: ADMIN_ROLE_ID, homeRegionId: null, outletCountryCode: "NZ" };
const job = (over: Partial<RuleJob> = {}): RuleJob => ({
  id: 1,
  regionId: AU,
  countryCode: "AU",
  statusSlug: "paid",
  channelId: 1,
  isPointOfSale: true,
  refunded: false,
  voided: false,
  isRefundable: true,
  refundType: "refund",
  refundableMinor: 12_000,
  shipped: false,
  shipmentCancellable: false,
  ...over,
});
const settings = DEFAULT_ROLE_SETTINGS;
const NOW = new Date("2026-11-29T09:00:00Z");
/** One approval of 600.00, given a minute ago and valid for ten, unused, by `by`. */
const approvalBy = (
  by: RuleActor,
  over: Partial<ApprovalFacts<RuleActor>> = {},
): ApprovalFacts<RuleActor> => ({
  id: 1,
  amountMinor: 60_000,
  used: false,
  createdAt: new Date(NOW.getTime() - 60_000),
  expiresAt: new Date(NOW.getTime() + 9 * 60_000),
  approver: by,
  ...over,
});

describe("the rulebook", () => {
  it("refuses every change to an imported job with the import's reason, and still prints it", async () => {
    const { JOB_ACTIONS } = await import("./job-rulebook");
    const imported = job({ imported: true });
    for (const action of JOB_ACTIONS.filter((a) => a !== "manifest")) {
      // An administrator at an outlet where the action is offered at all (shipping is by country).
      const actor = { ...admin, outletCountryCode: action === "ship_manual" ? "CA" : "AU" };
      const verdict = decideJobAction(action, { actor, job: imported, settings, refundMinor: 100 });
      if (action === "print_docket" || action === "print_tray_label") expect(verdict.allowed).toBe(true);
      else
        expect(verdict, action).toMatchObject({
          allowed: false,
          refusal: "state",
          reason: "This job was imported from another system: it is history and can't be changed.",
        });
    }
    // The same job made in Loupe: the refund and the status change are allowed.
    expect(decideJobAction("refund", { actor: admin, job: job(), settings }).allowed).toBe(true);
    expect(decideJobAction("job_status", { actor: admin, job: job(), settings }).allowed).toBe(true);
    // Who before state: another region's staff hear the region, not the import.
    expect(
      decideJobAction("job_status", { actor: staff, job: job({ imported: true, regionId: NZ }), settings }),
    ).toMatchObject({ refusal: "who", reason: RULEBOOK_MESSAGES.otherRegion });
  });

  it("lets staff act on their own region's jobs only; administrators on all", () => {
    expect(decideJobAction("link", { actor: staff, job: job(), settings }).allowed).toBe(true);
    const other = decideJobAction("link", { actor: staff, job: job({ regionId: NZ }), settings });
    expect(other).toMatchObject({ allowed: false, refusal: "who", reason: RULEBOOK_MESSAGES.otherRegion });
    expect(decideJobAction("link", { actor: admin, job: job({ regionId: NZ }), settings }).allowed).toBe(
      true,
    );
  });

  it("ships nothing refunded, voided or cancelled, and hides shipping from staff outside Australia", () => {
    for (const closed of [{ refunded: true }, { voided: true }, { statusSlug: "cancelled" }]) {
      expect(decideJobAction("ship_aupost", { actor: staff, job: job(closed), settings })).toMatchObject({
        refusal: "state",
        reason: RULEBOOK_MESSAGES.closedShip,
      });
    }
    const nz = { ...staff, outletCountryCode: "NZ" };
    // A closed job that was shipped before it closed: hidden, as any shipped job (spec §2).
    for (const closed of [{ refunded: true }, { statusSlug: "cancelled" }]) {
      expect(
        decideJobAction("ship_aupost", { actor: staff, job: job({ ...closed, shipped: true }), settings }),
      ).toMatchObject({ refusal: "state", reason: RULEBOOK_MESSAGES.alreadyShipped, hide: true });
    }
    expect(decideJobAction("ship_aupost", { actor: nz, job: job(), settings })).toMatchObject({
      refusal: "who",
      hide: true,
    });
  });

  it("asks a manager to approve a refund above the region's limit, and takes that manager's approval", () => {
    const big = job({ refundableMinor: 60_000 });
    const asked = decideJobAction("refund", { actor: staff, job: big, settings }, (m) => `$${m / 100}`);
    expect(asked).toMatchObject({ allowed: false, refusal: "approval" });
    expect(asked.allowed ? "" : asked.reason).toBe(RULEBOOK_MESSAGES.approval("refund", "$500"));
    const withApproval = (a: ApprovalFacts<RuleActor>) =>
      decideJobAction("refund", { actor: staff, job: big, settings, approvals: [a], now: NOW }).allowed;
    expect(withApproval(approvalBy(manager))).toBe(true);
    // A manager of another region, or a second staff member, approves nothing.
    expect(withApproval(approvalBy({ ...manager, homeRegionId: NZ }))).toBe(false);
    expect(withApproval(approvalBy(staff))).toBe(false);
    expect(decideJobAction("refund", { actor: manager, job: big, settings }).allowed).toBe(true);
    expect(decideJobAction("refund", { actor: staff, job: job(), settings }).allowed).toBe(true);
  });

  it("follows the role settings: a role left out needs approval to refund and cannot cancel a shipment", () => {
    const strict: RoleSettings = {
      ...settings,
      roles: { ...settings.roles, refund: [MANAGER_ROLE_ID], cancel_shipment: [MANAGER_ROLE_ID] },
    };
    expect(decideJobAction("refund", { actor: staff, job: job(), settings: strict })).toMatchObject({
      refusal: "approval",
    });
    const shipped = job({ shipped: true, shipmentCancellable: true });
    expect(
      decideJobAction("cancel_shipment", { actor: staff, job: shipped, settings: strict }),
    ).toMatchObject({
      refusal: "who",
    });
    expect(
      decideJobAction("cancel_shipment", { actor: manager, job: shipped, settings: strict }).allowed,
    ).toBe(true);
  });

  it("refuses lenses while an order is open, whatever was asked, and after a customer change", () => {
    const item = { id: 9, quantity: 1, statusSlug: "paid", reentryRequired: false };
    const open = { open: true, canCancel: true, statusLabel: "Submitted" };
    expect(
      decideJobAction("order_lenses", {
        actor: staff,
        job: job(),
        item: { ...item, lensOrder: open },
        settings,
      }),
    ).toMatchObject({
      refusal: "state",
      reason:
        "Lenses for this item are already on order (Submitted). Cancel that order before ordering again.",
    });
    expect(
      decideJobAction("order_lenses", {
        actor: staff,
        job: job(),
        item: { ...item, lensOrder: null, reentryRequired: true },
        settings,
      }),
    ).toMatchObject({ refusal: "state", reason: RULEBOOK_MESSAGES.reentry });
  });

  it("checks only who for a retry of a call that went through", () => {
    const done = job({ isRefundable: false, refunded: true });
    expect(decideJobAction("refund", { actor: staff, job: done, settings }).allowed).toBe(false);
    expect(decideJobAction("refund", { actor: staff, job: done, settings, replay: true }).allowed).toBe(true);
    const away = { ...staff, homeRegionId: NZ };
    expect(decideJobAction("refund", { actor: away, job: done, settings, replay: true }).allowed).toBe(false);
  });
});
