import { generateKeyPairSync } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalDiskStorage } from "../../integrations/file-storage/local-disk.adapter";
import { createTestApp, type TestApp } from "../../test/test-app";
import { recordAccess } from "./access-log.record";
import { checkAgainstAnchor } from "./access-log.verify";
import {
  anchorKey,
  anchorSignatureValid,
  createAnchorWriter,
  fileStoreAnchors,
  readHead,
  type SignedAnchor,
} from "./anchor";

/** The anchor outside the database (ADR 0026): written at start and after retention, and mailed. */
let t: TestApp;
let admin: string;
const latest = (): SignedAnchor =>
  JSON.parse(fs.readFileSync(path.join(t.config.filesDir, "access-log-anchors/latest.json"), "utf8"));
const mails = () =>
  t.database.query<{ subject: string }>(
    "select subject from outbox_messages where recipient = 'privacy@loupe.test' order by id",
  );

beforeAll(async () => {
  t = await createTestApp({ env: { PRIVACY_OFFICER_EMAIL: "privacy@loupe.test" } });
  admin = await t.login();
});
afterAll(() => t.close());

describe("anchors", () => {
  it("are written when the app starts, signed with the key under DATA_DIR, and e-mailed to the privacy officer", async () => {
    const key = anchorKey(t.config, false);
    expect(key).not.toBeNull();
    expect(fs.statSync(t.config.anchorKeyFile).mode & 0o777).toBe(0o600);
    const signed = latest();
    expect(signed.anchor.reason).toBe("start");
    expect(anchorSignatureValid(signed, key!)).toBe(true);
    expect((await mails()).map((m) => m.subject)).toEqual([
      expect.stringMatching(/^Loupe access log anchor \d{4}-\d{2}-\d{2} \(row \d+\)$/),
    ]);
    // The key stays in the file: the database never holds it.
    const pem = fs.readFileSync(t.config.anchorKeyFile, "utf8").split("\n")[1];
    const [{ n }] = await t.database.query<{ n: number }>(
      "select count(*)::int as n from outbox_messages where body like $1",
      [`%${pem}%`],
    );
    expect(n).toBe(0);
  });

  it("are written again after a retention run, with the head the run left", async () => {
    const res = await t.call(admin, {
      method: "POST",
      url: "/api/staff/retention/destroy",
      payload: { confirm: true },
    });
    expect(res.statusCode).toBe(200);
    const signed = latest();
    expect(signed.anchor.reason).toBe("retention");
    expect(signed.anchor.head_seq).toBe((await readHead(t.database)).seq);
    expect(await mails()).toHaveLength(2);
    expect(await checkAgainstAnchor(t.database, signed, anchorKey(t.config, false))).toMatchObject({
      ok: true,
    });
  });
});

describe("how often anchors are written (issue 43: the unanchored tail is bounded)", () => {
  const view = (n: number) =>
    Array.from({ length: n }, () => ({
      staff: null,
      action: "view" as const,
      resource: "customer" as const,
      outcome: "allowed" as const,
    }));

  it("anchors once N rows were added or the interval passed with the head moved, never an unmoved head", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "loupe-anchor-due-"));
    try {
      const store = fileStoreAnchors(createLocalDiskStorage(dir));
      const writer = createAnchorWriter({
        database: t.database,
        store,
        key: generateKeyPairSync("ed25519").privateKey,
      });
      const limits = { rows: 3, minutes: 10 };
      expect((await writer.writeIfDue(limits))?.anchor.reason).toBe("interval");
      // Two rows: under N and under ten minutes.
      await recordAccess(t.database.db, view(2));
      expect(await writer.writeIfDue(limits)).toBeNull();
      // The third row makes N.
      await recordAccess(t.database.db, view(1));
      const byRows = await writer.writeIfDue(limits);
      expect(byRows?.anchor).toMatchObject({ reason: "rows", head_seq: (await readHead(t.database)).seq });
      // Nothing moved: no anchor, however long it has been.
      expect(await writer.writeIfDue({ rows: 3, minutes: 0.0001 })).toBeNull();
      // One row and the interval passed.
      await recordAccess(t.database.db, view(1));
      await new Promise((r) => setTimeout(r, 20));
      expect((await writer.writeIfDue({ rows: 3, minutes: 0.0001 }))?.anchor.reason).toBe("interval");
      // Each anchor is kept in the database too, for a restored copy.
      const [{ n }] = await t.database.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM access_log_anchors WHERE signed->'anchor'->>'reason' IN ('rows', 'interval')",
      );
      expect(n).toBe(3);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
