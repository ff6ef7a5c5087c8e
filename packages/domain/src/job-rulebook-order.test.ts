import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ADMIN_ROLE_ID, MANAGER_ROLE_ID, STAFF_ROLE_ID } from "./constants";
import {
  decideJobAction,
  JOB_ACTIONS,
  RULEBOOK_MESSAGES,
  type RuleActor,
  type RuleItem,
  type RuleJob,
} from "./job-rulebook";
import { DEFAULT_ROLE_SETTINGS, type RoleSettings } from "./role-settings";

/**
 * Who before state (issue 52): whether someone may act at all is decided on who they are, the job's
 * region and the role settings, never on the job's state. For any actor and settings, two jobs of
 * the same region in any two states get the same "who" refusal, or neither gets one.
 */

const roles = fc.constantFrom(ADMIN_ROLE_ID, STAFF_ROLE_ID, MANAGER_ROLE_ID);
const actor: fc.Arbitrary<RuleActor> = fc.record({
  roleId: roles,
  homeRegionId: fc.constantFrom(1, 2, 5, null),
  outletCountryCode: fc.constantFrom("AU", "NZ", "CA", null),
});
const roleList = fc.subarray([STAFF_ROLE_ID, MANAGER_ROLE_ID, ADMIN_ROLE_ID]);
const settings: fc.Arbitrary<RoleSettings> = fc.record({
  roles: fc.record({
    refund: roleList,
    void: roleList,
    cancel_shipment: roleList,
    change_customer: roleList,
  }),
  approvalAboveMinor: fc.constant({}),
});
/** Everything about a job but its region and country. */
const jobState = fc.record({
  statusSlug: fc.constantFrom("in-progress", "ready-to-go", "cancelled", "refunded", "voided", "collected"),
  channelId: fc.constantFrom(1, 4),
  isPointOfSale: fc.boolean(),
  refunded: fc.boolean(),
  voided: fc.boolean(),
  isRefundable: fc.boolean(),
  refundType: fc.constantFrom("void" as const, "refund" as const, null),
  refundableMinor: fc.integer({ min: 0, max: 200_000 }),
  shipped: fc.boolean(),
  shipmentCancellable: fc.boolean(),
});
const item: fc.Arbitrary<RuleItem | null> = fc.option(
  fc.record({
    id: fc.constant(9),
    quantity: fc.constantFrom(1, 2, -1),
    statusSlug: fc.constantFrom("in-progress", "refunded"),
    lensOrder: fc.option(
      fc.record({ open: fc.boolean(), canCancel: fc.boolean(), statusLabel: fc.constant("Ordered") }),
    ),
    reentryRequired: fc.boolean(),
  }),
);
const region = fc.constantFrom({ regionId: 1, countryCode: "AU" }, { regionId: 2, countryCode: "NZ" });
const actions = JOB_ACTIONS.filter((a) => a !== "manifest");

describe("the rulebook decides who before state", () => {
  it("gives the same 'who' refusal for a job of one region whatever its state", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...actions),
        actor,
        settings,
        region,
        jobState,
        jobState,
        item,
        item,
        fc.boolean(),
        (action, a, s, r, s1, s2, i1, i2, replay) => {
          const decide = (state: typeof s1, i: RuleItem | null) =>
            decideJobAction(action, {
              actor: a,
              job: { id: 1, ...r, ...state },
              item: i,
              settings: s,
              replay,
            });
          const one = decide(s1, i1);
          const two = decide(s2, i2);
          const who = (v: typeof one) => (!v.allowed && v.refusal === "who" ? v.reason : null);
          expect(who(one)).toBe(who(two));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it("answers staff cancelling a shipment with their role (403), not the shipment's state (409 or 404)", () => {
    const staff: RuleActor = { roleId: STAFF_ROLE_ID, homeRegionId: 1, outletCountryCode: "AU" };
    const base: RuleJob = {
      id: 1,
      regionId: 1,
      countryCode: "AU",
      statusSlug: "in-progress",
      channelId: 1,
      isPointOfSale: true,
      refunded: false,
      voided: false,
      isRefundable: true,
      refundType: "refund",
      refundableMinor: 100,
      shipped: true,
      shipmentCancellable: false,
    };
    for (const job of [base, { ...base, shipped: false }, { ...base, shipmentCancellable: true }]) {
      const v = decideJobAction("cancel_shipment", { actor: staff, job, settings: DEFAULT_ROLE_SETTINGS });
      expect(v).toMatchObject({
        allowed: false,
        refusal: "who",
        reason: RULEBOOK_MESSAGES.role("cancel shipments"),
      });
    }
    // The screen still hides what the state would hide: no shipment, no control.
    const none = decideJobAction("cancel_shipment", {
      actor: staff,
      job: { ...base, shipped: false },
      settings: DEFAULT_ROLE_SETTINGS,
    });
    expect(none.allowed ? null : none.hide).toBe(true);
  });
});
