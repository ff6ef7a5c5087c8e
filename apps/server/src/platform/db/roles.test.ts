import { generateKeyPairSync, type KeyObject } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { createLocalDiskStorage } from "../../integrations/file-storage/local-disk.adapter";
import { recordAccess } from "../../modules/access-log/access-log.record";
import {
  checkAgainstAnchor,
  checkAnchors,
  verifyAccessLog,
} from "../../modules/access-log/access-log.verify";
import {
  type AnchorStore,
  createAnchorWriter,
  fileStoreAnchors,
  publicKeyOf,
} from "../../modules/access-log/anchor";
import { createLogPurger } from "../../modules/access-log/log-purge";
import { seedDemoStaff } from "../../seed/demo-staff";
import { ensureReferenceData } from "../../seed/reference-data";
import { backdateAccessLog } from "../../test/backdate-access-log";
import { useTestDatabase } from "../../test/test-app";
import { type Database, openPostgres } from "./client";
import { enterServerRoleOnPglite, migrateWithRoles } from "./roles";

const actor = { id: 1, roleId: 1, outletId: null, regionId: null };
const views = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    staff: actor,
    action: "view" as const,
    resource: "pd" as const,
    resourceId: i + 1,
    customerId: 7,
    outcome: "allowed" as const,
  }));

/** What the server's role must never do to the records that outlive it (issue 25). */
const TAMPERING = [
  ["UPDATE a log row", "UPDATE access_log SET screen = 'x' WHERE seq = 1"],
  ["DELETE log rows", "DELETE FROM access_log WHERE seq <= 39"],
  ["move the head's purge point", "UPDATE access_log_head SET purged_through_seq = 39 WHERE id = 1"],
  ["remove the head", "DELETE FROM access_log_head"],
  ["switch the append-only trigger off", "ALTER TABLE access_log DISABLE TRIGGER access_log_append_only"],
  ["drop the chain trigger", "DROP TRIGGER access_log_chain ON access_log"],
  ["TRUNCATE the log", "TRUNCATE access_log"],
  ["UPDATE the job timeline", "UPDATE job_events SET to_value = 'x'"],
  ["DELETE the job timeline", "DELETE FROM job_events"],
  ["DELETE destruction records", "DELETE FROM destruction_records"],
  [
    "replace the purge function",
    "CREATE OR REPLACE FUNCTION access_log_purge() RETURNS SETOF destruction_records LANGUAGE sql AS 'SELECT * FROM destruction_records'",
  ],
  ["call the purge", "SELECT * FROM access_log_purge()"],
  ["DELETE anchors", "DELETE FROM access_log_anchors"],
  ["UPDATE anchors", "UPDATE access_log_anchors SET head_seq = 0"],
] as const;

/**
 * Every other way the server's role could try to thin the log (issue 43): the purge's old form with
 * the caller's own purge point, staff and rule is gone; the retention role cannot be entered; a
 * retention rule cannot be made the purge's argument.
 */
const OTHER_PURGE_PATHS = [
  [
    "the old purge with a purge point, staff and rule",
    "SELECT * FROM access_log_purge(41, 1, 'forged rule')",
  ],
  [
    "the purge after naming a session",
    "SELECT set_config('loupe.session_id', '1', false), access_log_purge()",
  ],
  [
    "the purge in a SECURITY DEFINER function of its own",
    "CREATE FUNCTION thin() RETURNS void LANGUAGE sql SECURITY DEFINER AS 'DELETE FROM access_log'",
  ],
] as const;

describe.runIf(process.env.TEST_DATABASE_URL)("two database roles on PostgreSQL (ADR 0026)", () => {
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const tag = `${process.pid}_${Date.now()}`;
  const ownerRole = `loupe_owner_${tag}`;
  const serverRole = `loupe_server_${tag}`;
  const retentionRole = `loupe_retention_${tag}`;
  const template = `loupe_roles_${tag}`;
  const databases: string[] = [];
  const urlFor = (user: string, password: string, db: string) => {
    const u = new URL(adminUrl);
    u.username = user;
    u.password = password;
    u.pathname = `/${db}`;
    return u.toString();
  };
  let admin: pg.Client;
  let key: KeyObject;
  let publicKey: KeyObject;
  let anchorsDir: string;
  let store: AnchorStore;
  let sessionId: number;
  /** The rows the anchors of the template vouch for. */
  const ANCHORED = [20, 30, 42];

  /** A copy of the migrated database with its 42 rows and its anchor, for one attack. */
  async function copy() {
    const name = `${template}_${databases.length}`;
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template} OWNER ${ownerRole}`);
    databases.push(name);
    return {
      owner: openPostgres(urlFor(ownerRole, "owner-pw", name), 2),
      server: openPostgres(urlFor(serverRole, "server-pw", name), 2),
      retentionUrl: urlFor(retentionRole, "retention-pw", name),
    };
  }

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${template}`);
    databases.push(template);
    // The migration command, as production runs it: the administrator creates both roles.
    await migrateWithRoles(
      {
        adminUrl,
        ownerUrl: urlFor(ownerRole, "owner-pw", template),
        serverUrl: urlFor(serverRole, "server-pw", template),
        retentionUrl: urlFor(retentionRole, "retention-pw", template),
      },
      loadConfig({}).migrationsDir,
      (url) => openPostgres(url, 1),
    );
    const owner = openPostgres(urlFor(ownerRole, "owner-pw", template), 2);
    const server = openPostgres(urlFor(serverRole, "server-pw", template), 2);
    key = generateKeyPairSync("ed25519").privateKey;
    publicKey = publicKeyOf(key);
    anchorsDir = fs.mkdtempSync(path.join(os.tmpdir(), "loupe-anchors-"));
    store = fileStoreAnchors(createLocalDiskStorage(anchorsDir));
    try {
      await ensureReferenceData(server.db);
      await seedDemoStaff(server.db);
      // An administrator's live session: the purge takes its staff member from it.
      [{ id: sessionId }] = await server.query<{ id: number }>(
        "INSERT INTO sessions (token_hash, staff_user_id, expires_at) VALUES ('t', 1, now() + interval '1 hour') RETURNING id",
      );
      await recordAccess(server.db, views(10));
      // Rows 1–10 are 50 years old: past every retention period (the owner ages them, as time would).
      await backdateAccessLog((sql) => owner.query(sql), 50, 10);
      const writer = createAnchorWriter({ database: server, store, key });
      for (const upTo of ANCHORED) {
        const [{ seq }] = await server.query<{ seq: string }>("SELECT seq::text FROM access_log_head");
        await recordAccess(server.db, views(upTo - Number(seq)));
        await writer.write("test");
      }
    } finally {
      await owner.close();
      await server.close();
    }
  }, 120_000);

  afterAll(async () => {
    for (const name of databases.reverse()) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`DROP ROLE IF EXISTS ${serverRole}`);
    await admin.query(`DROP ROLE IF EXISTS ${retentionRole}`);
    await admin.query(`DROP ROLE IF EXISTS ${ownerRole}`);
    await admin.end();
    fs.rmSync(anchorsDir, { recursive: true, force: true });
  });

  it("the server's role owns nothing and is refused every tampering statement", async () => {
    const { owner, server } = await copy();
    try {
      const [{ n }] = await server.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_class c JOIN pg_roles r ON r.oid = c.relowner WHERE r.rolname = current_user",
      );
      expect(n).toBe(0);
      for (const [what, statement] of TAMPERING)
        await expect(server.query(statement), what).rejects.toThrow(/permission denied|must be owner/);
      for (const [what, statement] of OTHER_PURGE_PATHS)
        await expect(server.query(statement), what).rejects.toThrow(/permission denied|does not exist/);
      await expect(server.query(`SET ROLE ${retentionRole}`)).rejects.toThrow(/permission denied/);
      // The log is whole, and every anchor still vouches for it.
      expect(await verifyAccessLog(server)).toMatchObject({ ok: true, rows: 42, purgedThroughSeq: 0 });
      expect(await checkAnchors(server, await store.latest(), publicKey)).toMatchObject({
        ok: true,
        problems: [],
        counted: { database: 3, notSigned: 0 },
      });
      // What it may do: add rows (the trigger moves the head with its owner's rights) and read them.
      await recordAccess(server.db, views(1));
      const chain = await verifyAccessLog(server);
      expect(chain).toMatchObject({ ok: true, rows: 43 });
      expect((await checkAgainstAnchor(server, await store.latest(), key)).ok).toBe(true);
    } finally {
      await owner.close();
      await server.close();
    }
  });

  it("the retention role purges only what the periods say has expired, for an administrator's live session", async () => {
    const { owner, server, retentionUrl } = await copy();
    const config = loadConfig({ DATABASE_RETENTION_URL: retentionUrl });
    const purger = createLogPurger(config, server);
    try {
      // The server's own connection may not purge at all, whatever session it names.
      await expect(createLogPurger(loadConfig({}), server).purge(sessionId)).rejects.toThrow(
        /DATABASE_RETENTION_URL/,
      );
      // A session that is not an administrator's live one purges nothing.
      await expect(purger.purge(sessionId + 1000)).rejects.toThrow(/live session/);
      await owner.query("UPDATE sessions SET revoked_at = now() WHERE id = $1", [sessionId]);
      await expect(purger.purge(sessionId)).rejects.toThrow(/live session/);
      await owner.query("UPDATE sessions SET revoked_at = NULL WHERE id = $1", [sessionId]);
      expect((await verifyAccessLog(server)).rows).toBe(42);

      const [record] = await purger.purge(sessionId);
      expect(record).toMatchObject({
        kind: "access_log",
        staff_id: 1,
        counts: { rows: 10 },
        detail: { through_seq: 10 },
        rule: expect.stringMatching(/^access log: each row kept for its region's period \(.*7y.*\)$/),
      });
      expect(await verifyAccessLog(server)).toMatchObject({ ok: true, rows: 32, purgedThroughSeq: 10 });
      // Nothing else has expired: a second run destroys nothing.
      expect(await purger.purge(sessionId)).toEqual([]);
      // A purge with its record is not a finding, even before the next anchor.
      expect(await checkAnchors(server, await store.latest(), publicKey)).toMatchObject({
        ok: true,
        problems: [],
      });
    } finally {
      await owner.close();
      await server.close();
    }
  });

  it("verify with the public key catches the owner's consistent rewrite of any anchored row", async () => {
    for (const edited of [1, 11, 20, 25, 42]) {
      const { owner, server } = await copy();
      try {
        await owner.query("ALTER TABLE access_log DISABLE TRIGGER USER");
        await owner.query("ALTER TABLE access_log_head DISABLE TRIGGER USER");
        // The row says someone else looked, and every hash after it is recomputed: a consistent chain.
        await owner.query(`DO $$ DECLARE r access_log; prev text; BEGIN
          SELECT coalesce((SELECT hash FROM access_log WHERE seq = ${edited - 1}), purged_hash) INTO prev
            FROM access_log_head;
          FOR r IN SELECT * FROM access_log WHERE seq >= ${edited} ORDER BY seq LOOP
            IF r.seq = ${edited} THEN r.staff_id := 2; END IF;
            r.prev_hash := prev;
            r.hash := encode(sha256(convert_to(prev || access_log_canonical(r), 'UTF8')), 'hex');
            UPDATE access_log SET staff_id = r.staff_id, prev_hash = r.prev_hash, hash = r.hash WHERE seq = r.seq;
            prev := r.hash;
          END LOOP;
          UPDATE access_log_head SET hash = prev WHERE id = 1;
        END $$`);
        expect((await verifyAccessLog(server)).ok, `row ${edited}`).toBe(true);
        const found = await checkAnchors(server, await store.latest(), publicKey);
        expect(found.ok, `row ${edited}`).toBe(false);
        const nearest = ANCHORED.find((a) => a >= edited)!;
        expect(found.problems.join("\n")).toMatch(
          new RegExp(`rewritten chain: row ${nearest} no longer has the hash`),
        );
        // Removing the database's anchors too leaves the file store's, signed out of the owner's reach.
        await owner.query("DELETE FROM access_log_anchors");
        expect((await checkAnchors(server, await store.latest(), publicKey)).problems.join("\n")).toMatch(
          /rewritten chain: row 42 no longer has the hash/,
        );
      } finally {
        await owner.close();
        await server.close();
      }
    }
  });

  it("anchors signed by a key the server made itself are not believed", async () => {
    const { owner, server } = await copy();
    try {
      // A server started on a new DATA_DIR makes a new key and anchors with it.
      const own = generateKeyPairSync("ed25519").privateKey;
      const otherDir = fs.mkdtempSync(path.join(os.tmpdir(), "loupe-anchors-"));
      const otherStore = fileStoreAnchors(createLocalDiskStorage(otherDir));
      await owner.query("DELETE FROM access_log_anchors");
      await createAnchorWriter({ database: server, store: otherStore, key: own }).write("start");
      const found = await checkAnchors(server, await otherStore.latest(), publicKey);
      fs.rmSync(otherDir, { recursive: true, force: true });
      expect(found.ok).toBe(false);
      expect(found.problems.join("\n")).toMatch(/no anchor found/);
      expect(found.problems.join("\n")).toMatch(/2 anchor\(s\) not signed by the given public key/);
    } finally {
      await owner.close();
      await server.close();
    }
  });

  it("the owner's purge without a record passes the chain check and is caught by the anchor", async () => {
    const { owner, server } = await copy();
    try {
      // The attack, now only open to the owner role.
      await owner.query("UPDATE access_log_head SET purged_through_seq = 39 WHERE id = 1");
      await owner.query("DELETE FROM access_log WHERE seq <= 39");
      expect(await verifyAccessLog(server)).toMatchObject({ ok: true, rows: 3 });
      const found = await checkAgainstAnchor(server, await store.latest(), key);
      expect(found.ok).toBe(false);
      expect(found.problems.join("\n")).toMatch(/purge without its destruction record: rows 1–39/);
    } finally {
      await owner.close();
      await server.close();
    }
  });

  it("the owner's cut tail and rewritten chain are caught by the anchor", async () => {
    const cut = await copy();
    try {
      await cut.owner.query("ALTER TABLE access_log DISABLE TRIGGER USER");
      await cut.owner.query("ALTER TABLE access_log_head DISABLE TRIGGER USER");
      await cut.owner.query("DELETE FROM access_log WHERE seq > 40");
      await cut.owner.query(
        "UPDATE access_log_head SET seq = 40, hash = (SELECT hash FROM access_log WHERE seq = 40)",
      );
      expect((await verifyAccessLog(cut.server)).ok).toBe(true);
      const found = await checkAgainstAnchor(cut.server, await store.latest(), key);
      expect(found.problems.join("\n")).toMatch(/missing tail: the log ends at row 40.*saw row 42/);
    } finally {
      await cut.owner.close();
      await cut.server.close();
    }

    const rewritten = await copy();
    try {
      await rewritten.owner.query("ALTER TABLE access_log DISABLE TRIGGER USER");
      await rewritten.owner.query("ALTER TABLE access_log_head DISABLE TRIGGER USER");
      // Row 5 says someone else looked, and every hash after it is recomputed: a consistent chain.
      await rewritten.owner.query(`DO $$ DECLARE r access_log; prev text; BEGIN
        SELECT hash INTO prev FROM access_log WHERE seq = 4;
        FOR r IN SELECT * FROM access_log WHERE seq >= 5 ORDER BY seq LOOP
          IF r.seq = 5 THEN r.staff_id := 2; END IF;
          r.prev_hash := prev;
          r.hash := encode(sha256(convert_to(prev || access_log_canonical(r), 'UTF8')), 'hex');
          UPDATE access_log SET staff_id = r.staff_id, prev_hash = r.prev_hash, hash = r.hash WHERE seq = r.seq;
          prev := r.hash;
        END LOOP;
        UPDATE access_log_head SET hash = prev WHERE id = 1;
      END $$`);
      expect((await verifyAccessLog(rewritten.server)).ok).toBe(true);
      const found = await checkAgainstAnchor(rewritten.server, await store.latest(), key);
      expect(found.problems.join("\n")).toMatch(/rewritten chain: row 42 no longer has the hash/);
    } finally {
      await rewritten.owner.close();
      await rewritten.server.close();
    }
  });

  it("an anchor signed with another key is not believed", async () => {
    const { owner, server } = await copy();
    try {
      const other = generateKeyPairSync("ed25519").privateKey;
      const found = await checkAgainstAnchor(server, await store.latest(), other);
      expect(found.problems.join("\n")).toMatch(/signature is not valid/);
    } finally {
      await owner.close();
      await server.close();
    }
  });
});

describe.skipIf(process.env.TEST_DATABASE_URL)("the embedded database's stand-in for the roles", () => {
  const database = useTestDatabase();
  let db: Database;
  let sessionId: number;
  beforeAll(async () => {
    db = database();
    await recordAccess(db.db, views(5));
    await backdateAccessLog((sql) => db.query(sql), 50, 2);
    [{ id: sessionId }] = await db.query<{ id: number }>(
      "INSERT INTO sessions (token_hash, staff_user_id, expires_at) VALUES ('t', 1, now() + interval '1 hour') RETURNING id",
    );
    await enterServerRoleOnPglite(db);
  });

  it("after SET ROLE the tampering statements are refused and the purge runs only as the retention role", async () => {
    const [{ current_user }] = await db.query<{ current_user: string }>("SELECT current_user");
    expect(current_user).toBe("loupe_server");
    for (const [what, statement] of TAMPERING)
      await expect(db.query(statement), what).rejects.toThrow(/permission denied|must be owner/);
    await recordAccess(db.db, views(1));
    const [record] = await createLogPurger(loadConfig({}), db).purge(sessionId);
    expect(record).toMatchObject({ counts: { rows: 2 }, staff_id: 1 });
    expect(await verifyAccessLog(db)).toMatchObject({ ok: true, purgedThroughSeq: 2 });
    const [{ role }] = await db.query<{ role: string }>("SELECT current_user AS role");
    expect(role).toBe("loupe_server");
  });
});
