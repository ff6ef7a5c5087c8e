import { type VersionConflictDetails, versionConflictDetails } from "@loupe/contract";
import { timeZoneForRegion, versionConflictMessage } from "@loupe/domain";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoCustomers } from "../seed/demo-customers";
import { seedDemoJobs } from "../seed/demo-jobs";
import { createTestApp, type TestApp } from "../test/test-app";

/**
 * ADR 0007: every versioned record answers its version, an edit from a stale read is refused
 * with a 409 that names who changed it and when, and of parallel edits from one read exactly one
 * wins (that last part on real PostgreSQL only: PGlite has one connection and hides races).
 */

let t: TestApp;
let admin: string;
let sam: string;
let adminRegion: number | null;
let customerId: number;
let orderId: number;
let rxSource: number;
let pdSource: number;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoCustomers(t.database.db, { customers: 3, jobs: 3 });
  await seedDemoJobs(t.database.db, { customers: 3, jobs: 3 });
  admin = await t.login();
  sam = await t.login("sam@loupe.test");
  adminRegion = (await t.call(admin, { method: "GET", url: "/api/me" })).json().data.region_id ?? null;
  customerId = (
    await t.call(admin, { method: "POST", url: "/api/user", payload: { first_name: "Versioned" } })
  ).json().data.id;
  [{ id: orderId }] = await t.database.query<{ id: number }>("select id from orders order by id limit 1");
  rxSource = (await t.call(admin, { method: "GET", url: "/api/prescription-source" }))
    .json()
    .data.find((s: { slug: string }) => s.slug === "in-store").id;
  pdSource = (await t.call(admin, { method: "GET", url: "/api/pd-source" })).json().data[0].id;
}, 60_000);
afterAll(() => t.close());

type Rec = { id: number; version: number } & Record<string, unknown>;

interface Kind {
  /** The record's name in the 409's message. */
  record: string;
  create: () => Promise<Rec>;
  /** An edit that writes `mark` into a field `read` can see; `version` undefined means "not sent". */
  edit?: (token: string, rec: Rec, mark: string, version?: number) => Promise<LightMyRequestResponse>;
  /** The field an edit writes. */
  markOf?: (rec: Rec) => unknown;
  read: (rec: Rec) => Promise<Rec | undefined>;
  remove?: (token: string, rec: Rec, version?: number) => Promise<LightMyRequestResponse>;
  /** Job notes are edited by their author only: the "other" editor is the author in another tab. */
  otherEditor?: () => string;
}

const q = (version?: number) => (version === undefined ? "" : `?version=${version}`);
const data = (res: LightMyRequestResponse) => res.json().data as Rec;

const address = {
  type: "Shipping",
  first_name: "Ada",
  last_name: "Lovelace",
  email: "ada@example.com",
  address1: "12 King Street",
  suburb: "Newtown",
  city: "Sydney",
  state: "NSW",
  postcode: "2042",
  country: "AU",
};
const spectacle = (note: string) => ({
  type_id: 1,
  right_sph: -1.25,
  left_sph: -1,
  source_id: rxSource,
  note,
});

const kinds: Record<string, Kind> = {
  customer: {
    record: "customer",
    create: async () =>
      data(await t.call(admin, { method: "POST", url: "/api/user", payload: { first_name: "Original" } })),
    edit: (token, rec, mark, version) =>
      t.call(token, {
        method: "PUT",
        url: `/api/staff/customers/${rec.id}`,
        payload: { first_name: mark, ...(version === undefined ? {} : { version }) },
      }),
    markOf: (rec) => rec.first_name,
    read: async (rec) => data(await t.call(admin, { method: "GET", url: `/api/staff/customers/${rec.id}` })),
  },
  prescription: {
    record: "prescription",
    create: async () =>
      data(
        await t.call(admin, {
          method: "POST",
          url: `/api/v4/users/${customerId}/prescriptions`,
          payload: spectacle("original"),
        }),
      ),
    edit: (token, rec, mark, version) =>
      t.call(token, {
        method: "PUT",
        url: `/api/v4/prescriptions/${rec.id}`,
        payload: { ...spectacle(mark), ...(version === undefined ? {} : { version }) },
      }),
    markOf: (rec) => rec.note,
    read: async (rec) =>
      (await t.call(admin, { method: "GET", url: `/api/staff/customers/${customerId}/prescriptions` }))
        .json()
        .data.find((r: Rec) => r.id === rec.id),
    remove: (token, rec, version) =>
      t.call(token, { method: "DELETE", url: `/api/prescription/${rec.id}${q(version)}` }),
  },
  PD: {
    record: "PD",
    create: async () =>
      data(
        await t.call(admin, {
          method: "POST",
          url: "/api/customer-pd",
          payload: {
            customer_user_id: customerId,
            source_id: pdSource,
            binocular_dist_pd: 62,
            note: "original",
          },
        }),
      ),
    edit: (token, rec, mark, version) =>
      t.call(token, {
        method: "PUT",
        url: `/api/new-customer-pd/${rec.id}`,
        payload: {
          source_id: pdSource,
          binocular_dist_pd: 63,
          note: mark,
          ...(version === undefined ? {} : { version }),
        },
      }),
    markOf: (rec) => rec.note,
    read: async (rec) => {
      const res = await t.call(admin, { method: "GET", url: `/api/new-customer-pd/${rec.id}` });
      return res.statusCode === 200 ? data(res) : undefined;
    },
    remove: (token, rec, version) =>
      t.call(token, { method: "DELETE", url: `/api/customer-pd/${rec.id}${q(version)}` }),
  },
  address: {
    record: "address",
    create: async () =>
      data(
        await t.call(admin, {
          method: "POST",
          url: `/api/staff/customers/${customerId}/billing-addresses`,
          payload: address,
        }),
      ),
    edit: (token, rec, mark, version) =>
      t.call(token, {
        method: "PUT",
        url: `/api/staff/billing-addresses/${rec.id}`,
        payload: { ...address, address1: mark, ...(version === undefined ? {} : { version }) },
      }),
    markOf: (rec) => (rec.address as { address1: string }).address1,
    read: async (rec) =>
      (await t.call(admin, { method: "GET", url: `/api/staff/customers/${customerId}/billing-addresses` }))
        .json()
        .data.find((r: Rec) => r.id === rec.id),
  },
  "customer note": {
    record: "note",
    create: async () =>
      data(
        await t.call(admin, {
          method: "POST",
          url: "/legacy-api/user-note",
          payload: { content: "A customer note", user_id: customerId },
        }),
      ),
    read: async (rec) =>
      (await t.call(admin, { method: "GET", url: `/legacy-api/user-note?user_id=${customerId}` }))
        .json()
        .data.find((r: Rec) => r.id === rec.id),
    remove: (token, rec, version) =>
      t.call(token, { method: "DELETE", url: `/legacy-api/user-note/${rec.id}${q(version)}` }),
  },
  "job note": {
    record: "note",
    create: async () =>
      data(
        await t.call(admin, {
          method: "POST",
          url: `/api/staff/orders/${orderId}/notes`,
          payload: { content: "original" },
        }),
      ),
    edit: (token, rec, mark, version) =>
      t.call(token, {
        method: "PUT",
        url: `/api/staff/orders/${orderId}/notes/${rec.id}`,
        payload: { content: mark, ...(version === undefined ? {} : { version }) },
      }),
    markOf: (rec) => rec.content,
    read: async (rec) =>
      (await t.call(admin, { method: "GET", url: `/api/staff/orders/${orderId}/notes` }))
        .json()
        .data.find((r: Rec) => r.id === rec.id),
    remove: (token, rec, version) =>
      t.call(token, { method: "DELETE", url: `/legacy-api/orders/${orderId}/note/${rec.id}${q(version)}` }),
    otherEditor: () => admin,
  },
  "message template": {
    record: "template",
    create: async () =>
      data(
        await t.call(admin, {
          method: "POST",
          url: "/api/staff/regions/1/templates/message",
          payload: { template_name: `Original ${Math.random()}`, type: "sms", content_template: "Hi" },
        }),
      ),
    edit: (token, rec, mark, version) =>
      t.call(token, {
        method: "PUT",
        url: `/api/staff/templates/message/${rec.id}`,
        payload: {
          template_name: rec.template_name,
          type: "sms",
          content_template: mark,
          ...(version === undefined ? {} : { version }),
        },
      }),
    markOf: (rec) => rec.content_template,
    read: async (rec) =>
      (await t.call(admin, { method: "GET", url: "/api/staff/regions/1/templates/message" }))
        .json()
        .data.find((r: Rec) => r.id === rec.id),
    remove: (token, rec, version) =>
      t.call(token, { method: "DELETE", url: `/api/staff/templates/message/${rec.id}${q(version)}` }),
  },
};

const names: Record<string, string> = { admin: "Avery Admin", sam: "Sam Nguyen" };

/** A 409 `conflict` in the one envelope, naming `by` and the time of the change in the outlet's zone. */
function expectConflict(
  res: LightMyRequestResponse,
  record: string,
  by: string,
  expected: number,
  current: number,
) {
  expect(res.statusCode).toBe(409);
  const body = res.json();
  expect(body.code).toBe("conflict");
  const details: VersionConflictDetails = versionConflictDetails.parse(body.details.versionConflict);
  expect(details).toMatchObject({
    record,
    expected_version: expected,
    current_version: current,
    updated_by: { full_name: by },
  });
  const message = versionConflictMessage({
    record,
    by,
    at: details.updated_at,
    timeZone: timeZoneForRegion(adminRegion),
  });
  expect(body.message).toBe(message);
  expect(body.error).toBe(message);
  expect(body.message).toMatch(
    new RegExp(
      `^This ${record} was changed by ${by} at \\d{1,2}(st|nd|rd|th) [A-Z][a-z]{2} \\d{4}, \\d{1,2}:\\d{2}[ap]m\\. Reload`,
    ),
  );
}

describe.each(Object.entries(kinds))("versioned %s", (_name, kind) => {
  it("answers version 1 on create and on every read", async () => {
    const rec = await kind.create();
    expect(rec.version).toBe(1);
    expect((await kind.read(rec))?.version).toBe(1);
  });

  it.skipIf(!kind.edit)(
    "applies an edit from a fresh read and bumps the version; refuses a stale one with a 409 naming who and when",
    async () => {
      const rec = await kind.create();
      const other = kind.otherEditor?.() ?? sam;
      const otherName = other === admin ? names.admin : names.sam;
      const fresh = await kind.edit!(other, rec, "first edit", rec.version);
      expect(fresh.statusCode).toBe(200);
      expect(data(fresh).version).toBe(2);
      expect(kind.markOf!(data(fresh))).toBe("first edit");

      // The admin still holds the form they opened at version 1.
      const stale = await kind.edit!(admin, rec, "lost edit", rec.version);
      expectConflict(stale, kind.record, otherName, 1, 2);
      const after = await kind.read(rec);
      expect(after?.version).toBe(2);
      expect(kind.markOf!(after!)).toBe("first edit");

      // Reloading gives the current version, and the edit then goes through.
      const retried = await kind.edit!(admin, rec, "second edit", after!.version);
      expect(retried.statusCode).toBe(200);
      expect(data(retried).version).toBe(3);
    },
  );

  it.skipIf(!kind.edit)(
    "refuses an edit that sends no version with 428, and changes nothing (ADR 0027)",
    async () => {
      const rec = await kind.create();
      const res = await kind.edit!(admin, rec, "no version sent");
      expect(res.statusCode).toBe(428);
      expect(res.json().message).toBe("Send the version you edited");
      expect((await kind.read(rec))?.version).toBe(1);
    },
  );

  it.skipIf(!kind.edit)("refuses a version that is not a positive whole number", async () => {
    const rec = await kind.create();
    const res = await kind.edit!(admin, rec, "bad version", 0);
    expect([422]).toContain(res.statusCode);
    expect((await kind.read(rec))?.version).toBe(1);
  });

  it.skipIf(!kind.remove)(
    "refuses a delete from a stale read, and deletes with the current version",
    async () => {
      const rec = await kind.create();
      let current = rec.version;
      if (kind.edit) {
        const other = kind.otherEditor?.() ?? sam;
        current = data(await kind.edit(other, rec, "changed before the delete", rec.version)).version;
      }
      const stale = await kind.remove!(admin, rec, current + 1);
      expect(stale.statusCode).toBe(409);
      expect(stale.json().code).toBe("conflict");
      expect((await kind.read(rec))?.version).toBe(current);

      const ok = await kind.remove!(admin, rec, current);
      expect(ok.statusCode).toBe(200);
      expect(await kind.read(rec)).toBeUndefined();
      expect((await kind.remove!(admin, rec, current)).statusCode).toBe(404);
    },
  );
});

describe("a stale delete", () => {
  it("names who changed the record since it was read", async () => {
    const rec = await kinds.prescription.create();
    await kinds.prescription.edit!(sam, rec, "changed by Sam", 1);
    expectConflict(await kinds.prescription.remove!(admin, rec, 1), "prescription", names.sam, 1, 2);
    expect((await kinds.prescription.read(rec))?.note).toBe("changed by Sam");
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("parallel edits from the same read (PostgreSQL)", () => {
  const ROUNDS = 6;
  const PARALLEL = 5;

  it.each(Object.entries(kinds).filter(([, k]) => k.edit))(
    "%s: exactly one of five parallel edits wins, the rest get 409, every round",
    async (_name, kind) => {
      const rec = await kind.create();
      let version = rec.version;
      for (let round = 0; round < ROUNDS; round++) {
        const token = kind.otherEditor ? admin : round % 2 ? admin : sam;
        const results = await Promise.all(
          Array.from({ length: PARALLEL }, (_, k) =>
            kind.edit!(token, rec, `round ${round} edit ${k}`, version),
          ),
        );
        const statuses = results.map((r) => r.statusCode).sort();
        expect(statuses).toEqual([200, ...Array(PARALLEL - 1).fill(409)]);
        const winner = results.find((r) => r.statusCode === 200)!;
        for (const loser of results.filter((r) => r.statusCode === 409)) {
          expect(loser.json().details.versionConflict).toMatchObject({
            expected_version: version,
            current_version: version + 1,
          });
        }
        const after = await kind.read(rec);
        expect(after?.version).toBe(version + 1);
        expect(kind.markOf!(after!)).toBe(kind.markOf!(data(winner)));
        version += 1;
      }
    },
    60_000,
  );

  it("exactly one of five parallel deletes-or-edits from one read wins", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const rec = await kinds.PD.create();
      const results = await Promise.all([
        kinds.PD.remove!(admin, rec, rec.version),
        kinds.PD.edit!(sam, rec, "edit a", rec.version),
        kinds.PD.remove!(sam, rec, rec.version),
        kinds.PD.edit!(admin, rec, "edit b", rec.version),
        kinds.PD.edit!(sam, rec, "edit c", rec.version),
      ]);
      const wins = results.filter((r) => r.statusCode === 200);
      expect(wins).toHaveLength(1);
      // A loser sees the winner's edit (409) or, when a delete won, a record that is gone (404).
      for (const r of results.filter((r) => r.statusCode !== 200)) expect([404, 409]).toContain(r.statusCode);
    }
  }, 60_000);
});
