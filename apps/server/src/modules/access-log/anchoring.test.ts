import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";
import { checkAgainstAnchor } from "./access-log.verify";
import { anchorKey, anchorSignatureValid, readHead, type SignedAnchor } from "./anchor";

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
