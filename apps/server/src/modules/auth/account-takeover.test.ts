import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmailSender } from "../../integrations/email";
import { startSmtpSink } from "../../test/smtp-sink";
import { createTestApp, type TestApp } from "../../test/test-app";

/**
 * The takeover path end to end: a staff member who is not an administrator asks for the
 * administrator's password reset and then tries every way the app offers to read the link.
 */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
const logLines: string[] = [];

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({
    adapters: { email: createEmailSender({ SMTP_URL: smtp.url, MAIL_FROM: "Loupe <no-reply@loupe.test>" }) },
    env: { LOG_LEVEL: "debug" },
    logLines,
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const ADMIN = "admin@loupe.test";
const linkToken = (text: string) => text.match(/reset-password\/([A-Za-z0-9_-]{20,})/)?.[1];

describe("a non-administrator cannot take over the administrator's account", () => {
  it("never shows the reset link anywhere but in the administrator's own e-mail", async () => {
    const staff = await t.login("sam@loupe.test");
    const asked = await t.call(null, {
      method: "POST",
      url: "/api/auth/password/reset",
      payload: { email: ADMIN },
    });
    expect(asked.statusCode).toBe(200);
    await expect.poll(() => smtp.mails.filter((m) => m.to === ADMIN).length).toBe(1);
    const token = linkToken(smtp.mails.find((m) => m.to === ADMIN)!.text);
    expect(token).toBeTruthy();

    // The outbox is for administrators only.
    const outbox = await t.call(staff, { method: "GET", url: "/api/staff/outbox" });
    expect(outbox.statusCode).toBe(403);
    expect(outbox.body).not.toContain(token);

    // Even the administrator sees the message redacted.
    const admin = await t.login();
    const adminOutbox = await t.call(admin, { method: "GET", url: "/api/staff/outbox" });
    expect(adminOutbox.statusCode).toBe(200);
    const resetMail = adminOutbox.json().data.find((m: { recipient: string }) => m.recipient === ADMIN);
    expect(resetMail.body).toContain("[redacted]");
    expect(adminOutbox.body).not.toContain(token);

    // No stored row holds the token in the clear (only its SHA-256).
    const tables = await t.database.query<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'",
    );
    for (const { table_name } of tables) {
      const hits = await t.database.query<{ n: number }>(
        `select count(*)::int as n from "${table_name}" r where r::text like $1`,
        [`%${token}%`],
      );
      expect(hits[0].n, `token found in ${table_name}`).toBe(0);
    }

    // No log line carries it.
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join("\n")).not.toContain(token);
  });

  it("answers a known and an unknown address alike, before any e-mail is sent", async () => {
    const known = await t.call(null, {
      method: "POST",
      url: "/api/auth/password/reset",
      payload: { email: "riley@loupe.test" },
    });
    const unknown = await t.call(null, {
      method: "POST",
      url: "/api/auth/password/reset",
      payload: { email: "nobody-here@loupe.test" },
    });
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.json()).toEqual(unknown.json());
  });
});

describe("password reset throttle", () => {
  it("limits requests per address typed, known or not, with the same answer", async () => {
    for (const email of ["jordan@loupe.test", "ghost@loupe.test"]) {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await t.app.inject({
          method: "POST",
          url: "/api/auth/password/reset",
          payload: { email },
          // A fresh client address each time, so only the per-account limit can stop it.
          remoteAddress: `10.1.${i}.${email.length}`,
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
    }
  });

  it("limits requests per client address across accounts", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/password/reset",
        payload: { email: `someone${i}@example.com` },
        remoteAddress: "10.9.9.9",
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 12).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(12)).toEqual([429, 429]);
    expect(
      (
        await t.app.inject({
          method: "POST",
          url: "/api/auth/password/reset",
          payload: { email: "someone-else@example.com" },
          remoteAddress: "10.9.9.10",
        })
      ).statusCode,
    ).toBe(200);
  });
});
