import { JOB_ACTIONS, JOB_READS, OUTLET_ACTIONS } from "@loupe/domain";
import { describe, expect, it } from "vitest";
import { type Endpoint, isEndpoint, type RuleRequest } from "./endpoint";
import * as contract from "./index";

/**
 * Issue 52 (ADR 0049): every endpoint that names a job, an item (or a lens order, a shipment, a
 * message of a job) or an outlet declares the rule the binder checks, `jobRule` or `outletRule`;
 * walked over every endpoint the contract exports, so a new one cannot forget.
 */
const endpoints = (Object.entries(contract) as [string, unknown][]).filter((e): e is [string, Endpoint] =>
  isEndpoint(e[1]),
);

/** A path segment before `:param` that makes the parameter a job, an item or something of a job's. */
const JOB_SEGMENT =
  /^(orders?|order-items|orders-item|lens-orders|job-tray-signed-url|get-label|shipments|call-list|customer-messages)$/;
/** …or an outlet. */
const OUTLET_SEGMENT = /^(outlets?)$/;
/** Parameter, query and body names that point at one job, item or lens order. */
const JOB_KEYS = new Set([
  "orderId",
  "order_id",
  "order_item_id",
  "item_ids",
  "lens_order_id",
  "related_order_id",
]);
/** …or one outlet (a body's `outlet_id` is where a record is made, ruled by its own endpoint's rule). */
const OUTLET_KEYS = new Set(["sender_outlet_id", "outlet_id"]);

const shapeKeys = (schema: unknown): string[] => {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape && typeof shape === "object" ? Object.keys(shape) : [];
};

/** What in the call names a job (or item) or an outlet, as `where: name`. */
function named(e: Endpoint): string[] {
  const found: string[] = [];
  const segments = e.path.split("/");
  segments.forEach((segment, i) => {
    if (!segment.startsWith(":") || i === 0) return;
    const before = segments[i - 1];
    const param = segment.slice(1);
    if (JOB_KEYS.has(param) || JOB_SEGMENT.test(before)) found.push(`path: ${before}/${segment}`);
    else if (OUTLET_SEGMENT.test(before)) found.push(`path: ${before}/${segment}`);
  });
  for (const key of shapeKeys(e.query))
    if (JOB_KEYS.has(key) || OUTLET_KEYS.has(key)) found.push(`query: ${key}`);
  for (const key of shapeKeys(e.body)) if (JOB_KEYS.has(key)) found.push(`body: ${key}`);
  return found;
}

/**
 * Endpoints that name a job, an item or an outlet and declare no rule, each with why. Kept short: a
 * new entry needs a reason a reviewer accepts.
 */
const ALLOWED_WITHOUT_RULE: Record<string, string> = {
  // Public pages opened from a link a customer was sent: the signed token is the rule, no staff member calls them.
  showReceipt: "public, HMAC-signed receipt link (token over the job and its customer)",
  showCreditNote: "public, HMAC-signed credit note link",
  showJobStatus: "public, HMAC-signed status link (revocable)",
  showJobPrint: "public, two-minute HMAC print link made by jobTraySignedUrl, which is ruled",
  // Lists that take an outlet as a filter: every region's jobs are readable (JOB_READS), and the
  // recalls list is already limited to the staff member's own outlets by its service.
  listJobs: "list filter by outlet over every region's jobs (readable, ADR 0049)",
  listJobsLegacy: "list filter, as listJobs",
  listLateJobs: "list filter, as listJobs",
  searchJobsIndex: "list filter, as listJobs",
  exportJobs: "list filter, as listJobs; the export's region is limited by role in the exports module",
  listGoOrders: "list filter, as listJobs (the online channel's list)",
  listRecalls: "list filter within the staff member's visible outlets (recalls' own rule)",
  exportRecalls: "list filter within the staff member's visible outlets (recalls' own rule)",
  recallReturns: "list filter within the staff member's visible outlets (recalls' own rule)",
};

describe("rule declarations, derived from the contract (issue 52)", () => {
  it("finds the contract's endpoints and the ones naming a job, an item or an outlet", () => {
    expect(endpoints.length).toBeGreaterThan(200);
    expect(endpoints.filter(([, e]) => named(e).length).length).toBeGreaterThan(60);
  });

  it("every endpoint that names a job, an item or an outlet declares its rule, or is allowed with a reason", () => {
    const missing = endpoints
      .filter(([name, e]) => named(e).length && !e.jobRule && !e.outletRule && !ALLOWED_WITHOUT_RULE[name])
      .map(([name, e]) => `${name}: ${e.method} ${e.path} (${named(e).join(", ")})`);
    expect(missing).toEqual([]);
  });

  it("keeps the allow-list honest: each entry exists, names something, and declares nothing", () => {
    const byName = new Map(endpoints);
    for (const [name, reason] of Object.entries(ALLOWED_WITHOUT_RULE)) {
      const e = byName.get(name);
      expect(e, name).toBeDefined();
      expect(named(e!).length, `${name} names no job or outlet: remove it from the list`).toBeGreaterThan(0);
      expect(e!.jobRule ?? e!.outletRule, `${name} declares a rule: remove it from the list`).toBeUndefined();
      expect(reason.length).toBeGreaterThan(10);
    }
  });

  it("declares only the rulebook's actions", () => {
    const known = new Set<string>([...JOB_ACTIONS, ...JOB_READS]);
    for (const [name, e] of endpoints) {
      if (e.jobRule && typeof e.jobRule.action === "string") expect(known, name).toContain(e.jobRule.action);
      if (e.outletRule) expect(OUTLET_ACTIONS, name).toContain(e.outletRule.action);
    }
  });

  it("points each declared rule at the id the call names, not at nothing", () => {
    for (const [name, e] of endpoints) {
      if (!e.jobRule && !e.outletRule) continue;
      // Every parameter, query and body field holds 7 (a list: [7]): the target must find it.
      const fill = (schema: unknown) =>
        Object.fromEntries(shapeKeys(schema).map((k) => [k, k.endsWith("_ids") ? [7] : 7]));
      const params = Object.fromEntries(
        e.path
          .split("/")
          .filter((s) => s.startsWith(":"))
          .map((s) => [s.slice(1), "7"]),
      );
      const r: RuleRequest = { params, query: fill(e.query), body: fill(e.body), headers: {} };
      const target = e.jobRule ? e.jobRule.target(r) : e.outletRule!.target(r);
      expect(JSON.stringify(target), name).toMatch(/\b7\b/);
    }
  });
});
