import { describe, expect, it } from "vitest";
import { describeJobEvent } from "./job-action-rules";
import {
  approvalEventValue,
  approvalLimitMinor,
  approvalRequiredMessage,
  DEFAULT_ROLE_SETTINGS,
  mayApprove,
  needsApproval,
  type RoleSettings,
  roleMay,
} from "./role-settings";
import { roleSettingsSchema } from "./role-settings-schema";

const settings = (over: Partial<RoleSettings> = {}): RoleSettings => ({ ...DEFAULT_ROLE_SETTINGS, ...over });

describe("role settings", () => {
  it("default: staff refund, void and change customers; only managers and administrators cancel shipments", () => {
    const s = DEFAULT_ROLE_SETTINGS;
    for (const action of ["refund", "void", "change_customer"] as const)
      expect(roleMay(s, action, 2)).toBe(true);
    expect(roleMay(s, "cancel_shipment", 2)).toBe(false);
    expect(roleMay(s, "cancel_shipment", 3)).toBe(true);
    // An administrator always may, even when a saved record leaves role 1 out.
    expect(roleMay(settings({ roles: { ...s.roles, refund: [] } }), "refund", 1)).toBe(true);
  });

  it("limits each region at 500.00 by default; a region set to null has no limit", () => {
    expect(approvalLimitMinor(DEFAULT_ROLE_SETTINGS, 2)).toBe(50_000);
    const s = settings({ approvalAboveMinor: { "2": 20_000, "5": null } });
    expect(approvalLimitMinor(s, 2)).toBe(20_000);
    expect(approvalLimitMinor(s, 5)).toBeNull();
    expect(approvalLimitMinor(s, 1)).toBe(50_000);
  });

  it("asks for a manager above the limit, for roles that may not approve only", () => {
    const s = DEFAULT_ROLE_SETTINGS;
    expect(needsApproval(s, 1, 2, 50_000)).toBe(false);
    expect(needsApproval(s, 1, 2, 50_001)).toBe(true);
    expect(needsApproval(s, 1, 3, 500_000)).toBe(false);
    expect(needsApproval(s, 1, 1, 500_000)).toBe(false);
    expect(needsApproval(settings({ approvalAboveMinor: { "1": null } }), 1, 2, 500_000)).toBe(false);
    expect([1, 2, 3].map(mayApprove)).toEqual([true, false, true]);
  });

  it("validates an administrator's edit and always keeps the administrator", () => {
    const ok = roleSettingsSchema.parse({
      roles: { ...DEFAULT_ROLE_SETTINGS.roles, refund: [3] },
      approvalAboveMinor: { "2": 0 },
    });
    expect(ok.roles.refund).toEqual([1, 3]);
    const bad = roleSettingsSchema.safeParse({
      roles: { ...DEFAULT_ROLE_SETTINGS.roles, void: [2, 2, 9] },
      approvalAboveMinor: { abc: 1.5 },
    });
    expect(bad.success).toBe(false);
    const paths = bad.error!.issues.map((i) => i.path.join("."));
    expect(paths).toContain("roles.void.2");
    expect(paths.some((p) => p.startsWith("approvalAboveMinor"))).toBe(true);
    expect(roleSettingsSchema.safeParse({ roles: { refund: [2] }, approvalAboveMinor: {} }).success).toBe(
      false,
    );
  });

  it("words the refusal and the timeline entry once", () => {
    expect(approvalRequiredMessage("$500.00")).toBe("A manager must approve a refund above $500.00.");
    expect(
      describeJobEvent({
        kind: "approval",
        from: "refund",
        to: approvalEventValue("Jane Manager", "Sam Staff"),
      }),
    ).toBe("Refund approved by Jane Manager (requested by Sam Staff)");
    expect(
      describeJobEvent({ kind: "approval", from: "void", to: "Jane Manager (requested by Sam Staff)" }),
    ).toBe("Void approved by Jane Manager (requested by Sam Staff)");
  });
});
