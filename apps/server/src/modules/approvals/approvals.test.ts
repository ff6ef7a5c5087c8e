import { APPROVAL_TTL_MINUTES, formatMoney, ROLE_MESSAGES } from "@loupe/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";
import { LOGIN_FAILED_MESSAGE } from "../auth";

let t: TestApp;
let admin: string;
let sam: string;
let riley: string;
let mia: string;
const logLines: string[] = [];
const PASSWORD = "LoupeDemo1";

beforeAll(async () => {
  t = await createTestApp({ logLines, env: { LOG_LEVEL: "info" } });
  [admin, sam, riley, mia] = await Promise.all([
    t.login(),
    t.login("sam@loupe.test"),
    t.login("riley@loupe.test"),
    t.login("mia@loupe.test"),
  ]);
});
afterAll(() => t.close());

const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  t.database.query<T>(sql, params) as Promise<T[]>;
const staffId = async (email: string) =>
  (await q<{ id: number }>("select id from staff_users where email = $1", [email]))[0].id;

let n = 0;
/** A job at an outlet, paid at the till three days ago (so a refund, not a void), with no items. */
async function makeJob(outlet: string, paidMinor: number) {
  n++;
  const [o] = await q<{ id: number; region_id: number }>(
    "select id, region_id from outlets where abbreviation = $1",
    [outlet],
  );
  const status = async (kind: string, slug: string) =>
    (await q<{ id: number }>("select id from statuses where kind = $1 and slug = $2", [kind, slug]))[0].id;
  const created = new Date(Date.now() - 3 * 86_400_000);
  const [job] = await q<{ id: number }>(
    `insert into orders (uid, name, vend_invoice_number, billing_first_name, billing_last_name, total_amount_minor,
       total_payment_minor, dispense_status_id, payment_status_id, channel_id, channel, is_octopos_order,
       origin_outlet_id, region_id, created_at)
     values ($1, $2, $3, 'Rae', 'Test', $4, $4, $5, $6, 1, 'pos', true, $7, $8, $9) returning id`,
    [
      `TAPP${n}`,
      `#A${n}`,
      `${outlet}-A${n}`,
      paidMinor,
      await status("dispense", "in-progress"),
      await status("payment", "paid"),
      o.id,
      o.region_id,
      created,
    ],
  );
  await q(
    `insert into order_payments (order_id, amount_minor, payment_type_name, state, created_at)
     values ($1, $2, 'Cash', 'captured', $3)`,
    [job.id, paidMinor, created],
  );
  return job.id;
}

const refund = (token: string, id: number) =>
  t.call(token, { method: "POST", url: `/api/orders/${id}/refund`, payload: { reason: "product-faulty" } });
const approve = (token: string, id: number, email: string, password = PASSWORD, action = "refund") =>
  t.call(token, {
    method: "POST",
    url: `/api/staff/orders/${id}/approvals`,
    payload: { action, email, password },
  });
const timeline = async (id: number) =>
  (await t.call(admin, { method: "GET", url: `/api/staff/orders/${id}/events` })).json().data.events as {
    kind: string;
    by: string;
    description: string;
  }[];

describe("a refund above the region's limit", () => {
  it("is refused to a staff member with approval_required and the limit in the region's currency", async () => {
    const id = await makeJob("BON", 60_000);
    const res = await refund(sam, id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: "approval_required",
      message: "A manager must approve a refund above $500.00.",
    });
    const nz = await makeJob("PON", 60_000);
    const aroha = await t.login("aroha@loupe.test");
    // In New Zealand dollars, as the house's formatter writes them (Intl, en-AU).
    expect((await refund(aroha, nz)).json().message).toBe(
      `A manager must approve a refund above ${formatMoney(500, "NZD")}.`,
    );
    expect(formatMoney(500, "NZD")).toMatch(/^NZ/);
  });

  it("goes through at or below the limit, and for a manager or administrator without approval", async () => {
    expect((await refund(sam, await makeJob("BON", 50_000))).statusCode).toBe(200);
    expect((await refund(mia, await makeJob("BON", 90_000))).statusCode).toBe(200);
    expect((await refund(admin, await makeJob("BON", 90_000))).statusCode).toBe(200);
  });

  it("goes through after a manager of the job's region approved it on the staff member's screen", async () => {
    const id = await makeJob("BON", 75_000);
    const miaId = await staffId("mia@loupe.test");
    const [{ n: sessionsBefore }] = await q<{ n: number }>(
      "select count(*)::int as n from sessions where staff_user_id = $1",
      [miaId],
    );
    const before = Date.now();
    const res = await approve(sam, id, "Mia@Loupe.test");
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ action: "refund", approver: { id: miaId, full_name: "Mia Thompson" } });
    expect(Object.keys(data).sort()).toEqual([
      "action",
      "amount_minor",
      "approval_id",
      "approver",
      "expires_at",
    ]);
    const ttl = new Date(data.expires_at).getTime() - before;
    expect(ttl).toBeGreaterThan((APPROVAL_TTL_MINUTES - 1) * 60_000);
    expect(ttl).toBeLessThanOrEqual(APPROVAL_TTL_MINUTES * 60_000 + 5_000);
    // No session for the manager: nothing signs them in on someone else's screen.
    const [{ n: sessionsAfter }] = await q<{ n: number }>(
      "select count(*)::int as n from sessions where staff_user_id = $1",
      [miaId],
    );
    expect(sessionsAfter).toBe(sessionsBefore);
    expect(JSON.stringify(res.json())).not.toContain("token");
    // It lets only the staff member who asked through.
    expect((await refund(riley, id)).statusCode).toBe(403);
    expect((await refund(sam, id)).statusCode).toBe(200);
    const events = await timeline(id);
    const approval = events.find((e) => e.kind === "approval");
    expect(approval).toMatchObject({
      by: "Mia Thompson",
      description: "Refund approved by Mia Thompson (requested by Sam Nguyen)",
    });
    expect(events.findIndex((e) => e.kind === "approval")).toBeLessThan(
      events.findIndex((e) => e.kind === "refund"),
    );
  });

  it("takes an administrator's approval whatever their region", async () => {
    const id = await makeJob("QWT", 75_000);
    const jordan = await t.login("jordan@loupe.test");
    expect((await approve(jordan, id, "admin@loupe.test")).statusCode).toBe(200);
    expect((await refund(jordan, id)).statusCode).toBe(200);
  });
});

describe("a manager's approval is refused", () => {
  it("for a wrong password, with the sign-in's words under password, and records nothing", async () => {
    const id = await makeJob("BON", 70_000);
    const res = await approve(sam, id, "mia@loupe.test", "not-the-password");
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.password).toEqual([LOGIN_FAILED_MESSAGE]);
    const unknown = await approve(sam, id, "nobody@loupe.test", "whatever-it-is");
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.password).toEqual([LOGIN_FAILED_MESSAGE]);
    expect(await q("select * from order_approvals where order_id = $1", [id])).toEqual([]);
    // The staff member stays signed in (a 401 would have signed them out).
    expect((await t.call(sam, { method: "GET", url: "/api/me" })).statusCode).toBe(200);
  });

  it("for someone who is not a manager, with a sentence", async () => {
    const id = await makeJob("BON", 70_000);
    const res = await approve(sam, id, "riley@loupe.test");
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(ROLE_MESSAGES.notApprover);
  });

  it("for a manager of another region", async () => {
    const id = await makeJob("BON", 70_000);
    const res = await approve(sam, id, "tane@loupe.test");
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(ROLE_MESSAGES.approverOtherRegion);
  });

  it("for a disabled manager, as a sign-in would be", async () => {
    const id = await makeJob("PON", 70_000);
    await q("update staff_users set is_active = false where email = 'tane@loupe.test'");
    const aroha = await t.login("aroha@loupe.test");
    const res = await approve(aroha, id, "tane@loupe.test");
    await q("update staff_users set is_active = true where email = 'tane@loupe.test'");
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.password).toEqual([LOGIN_FAILED_MESSAGE]);
  });

  it("when the role settings do not let managers refund", async () => {
    const id = await makeJob("BON", 70_000);
    const current = (await t.call(admin, { method: "GET", url: "/api/staff/settings/roles" })).json().data;
    const save = (roles: number[], version: number) =>
      t.call(admin, {
        method: "PUT",
        url: "/api/staff/settings/roles",
        payload: {
          settings: { ...current.settings, roles: { ...current.settings.roles, refund: roles } },
          version,
        },
      });
    const saved = await save([2], current.version);
    expect(saved.statusCode).toBe(200);
    const res = await approve(sam, id, "mia@loupe.test");
    await save([2, 3], saved.json().data.version);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(ROLE_MESSAGES.approverNotAllowed("refund"));
  });

  it("after too many wrong passwords, by the sign-in's own throttle", async () => {
    const id = await makeJob("CHA", 70_000);
    const codes: number[] = [];
    for (let i = 0; i < t.config.LOGIN_MAX_FAILURES + 1; i++)
      codes.push((await approve(riley, id, "claire@loupe.test", `wrong-${i}`)).statusCode);
    expect(codes.at(-1)).toBe(429);
    expect(codes.slice(0, -1).every((c) => c === 422)).toBe(true);
    // The sign-in page is throttled for that account too: one counter.
    const login = await t.call(null, {
      method: "POST",
      url: "/api/user/login",
      payload: { email: "claire@loupe.test", password: PASSWORD },
    });
    expect(login.statusCode).toBe(429);
  });

  it("for bad input, naming the field", async () => {
    const id = await makeJob("BON", 70_000);
    const res = await approve(sam, id, "mia@loupe.test", PASSWORD, "cancel");
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.action).toBeDefined();
    const noPassword = await approve(sam, id, "mia@loupe.test", "");
    expect(noPassword.statusCode).toBe(422);
    expect(noPassword.json().errors.password).toBeDefined();
    expect((await approve(sam, 2_000_000, "mia@loupe.test")).statusCode).toBe(404);
  });
});

const partly = (token: string, id: number, amountMinor: number, key: string) =>
  t.call(token, {
    method: "POST",
    url: `/api/staff/orders/${id}/refunds`,
    payload: { reason: "product-faulty", destination: "till", amount_minor: amountMinor },
    headers: { "idempotency-key": key },
  });
const approveAmount = (token: string, id: number, amountMinor: number) =>
  t.call(token, {
    method: "POST",
    url: `/api/staff/orders/${id}/approvals`,
    payload: { action: "refund", email: "mia@loupe.test", password: PASSWORD, amount_minor: amountMinor },
  });
const refundsOf = (id: number) =>
  q<{ amount_minor: number; approved_by: number | null }>(
    "select amount_minor, approved_by from order_refunds where order_id = $1 and status = 'succeeded' order by id",
    [id],
  );

describe("an approval approves one thing (issue 52)", () => {
  it("lets one refund through: the second refund of 550.00 on the same job is refused and nothing is refunded", async () => {
    const id = await makeJob("BON", 110_000);
    const miaId = await staffId("mia@loupe.test");
    const given = await approveAmount(sam, id, 55_000);
    expect(given.statusCode).toBe(200);
    expect(given.json().data.amount_minor).toBe(55_000);
    expect((await partly(sam, id, 55_000, `one-${id}`)).statusCode).toBe(200);
    const second = await partly(sam, id, 55_000, `two-${id}`);
    expect(second.statusCode).toBe(403);
    expect(second.json()).toMatchObject({
      code: "approval_required",
      message: "That approval was used for an earlier refund: a manager must approve this refund again.",
    });
    expect(await refundsOf(id)).toEqual([{ amount_minor: 55_000, approved_by: miaId }]);
    const [used] = await q<{ used: boolean }>(
      "select used_at is not null as used from order_approvals where order_id = $1",
      [id],
    );
    expect(used.used).toBe(true);
    // A retry of the first refund (its own key) is its first answer, not a second use.
    expect((await partly(sam, id, 55_000, `one-${id}`)).statusCode).toBe(200);
    expect(await refundsOf(id)).toHaveLength(1);
  });

  it("does not approve more than its amount: 100.00 approved does not let 550.00 through", async () => {
    const id = await makeJob("BON", 110_000);
    expect((await approveAmount(sam, id, 10_000)).statusCode).toBe(200);
    const res = await partly(sam, id, 55_000, `more-${id}`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: "approval_required",
      message: "The manager approved a refund of $100.00, not $550.00: a manager must approve this amount.",
    });
    expect(await refundsOf(id)).toEqual([]);
  });

  it("approves only its own job: an approval for job A lets nothing through on job B", async () => {
    const a = await makeJob("BON", 60_000);
    const b = await makeJob("BON", 60_000);
    expect((await approve(sam, a, "mia@loupe.test")).statusCode).toBe(200);
    const res = await refund(sam, b);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: "approval_required",
      message: "A manager must approve a refund above $500.00.",
    });
    expect(await refundsOf(b)).toEqual([]);
    // It still counts on its own job.
    expect((await refund(sam, a)).statusCode).toBe(200);
  });

  it("expires: an approval past its lifetime is refused with the reason", async () => {
    const id = await makeJob("BON", 60_000);
    expect((await approve(sam, id, "mia@loupe.test")).statusCode).toBe(200);
    await q("update order_approvals set expires_at = now() - interval '1 second' where order_id = $1", [id]);
    const res = await refund(sam, id);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      "The manager's approval has expired: a manager must approve this refund again.",
    );
    expect(await refundsOf(id)).toEqual([]);
  });

  it("defaults to what a full refund returns now, and refuses an amount above it, naming amount_minor", async () => {
    const id = await makeJob("BON", 60_000);
    expect((await approve(sam, id, "mia@loupe.test")).json().data.amount_minor).toBe(60_000);
    const above = await approveAmount(sam, id, 60_001);
    expect(above.statusCode).toBe(422);
    expect(above.json().errors.amount_minor).toEqual([
      "The amount cannot be more than what is left to refund ($600.00).",
    ]);
    const zero = await approveAmount(sam, id, 0);
    expect(zero.statusCode).toBe(422);
    expect(zero.json().errors.amount_minor).toBeDefined();
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "lets exactly one of two refunds sent at once with one approval through, on PostgreSQL",
    async () => {
      const id = await makeJob("BON", 110_000);
      expect((await approveAmount(sam, id, 55_000)).statusCode).toBe(200);
      const answers = await Promise.all([
        partly(sam, id, 55_000, `race-a-${id}`),
        partly(sam, id, 55_000, `race-b-${id}`),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 403]);
      expect(answers.find((r) => r.statusCode === 403)?.json().code).toBe("approval_required");
      expect(await refundsOf(id)).toHaveLength(1);
      const [{ n }] = await q<{ n: number }>(
        "select count(*)::int as n from order_refunds where order_id = $1",
        [id],
      );
      expect(n).toBe(1);
    },
  );
});

it("never writes a password to the log", () => {
  expect(logLines.some((l) => l.includes('"event":"approval"'))).toBe(true);
  expect(logLines.join("\n")).not.toContain(PASSWORD);
  expect(logLines.join("\n")).not.toContain("not-the-password");
});
