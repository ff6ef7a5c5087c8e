import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("outbox", () => {
  it("keeps e-mails queued when no SMTP is configured and lists them newest first", async () => {
    const token = await t.login();
    for (const email of ["sam@loupe.test", "riley@loupe.test"]) {
      await t.app.inject({ method: "POST", url: "/api/auth/password/reset", payload: { email } });
    }
    const res = await t.call(token, { method: "GET", url: "/api/staff/outbox" });
    expect(res.statusCode).toBe(200);
    const list = res.json().data;
    expect(list.map((m: { recipient: string }) => m.recipient)).toEqual([
      "riley@loupe.test",
      "sam@loupe.test",
    ]);
    expect(list[0]).toMatchObject({ channel: "email", status: "queued", sent_at: null });
    expect(list[0].body).toContain("http://loupe.test/reset-password/");
  });

  it("marks a message failed, with the reason, when the adapter throws", async () => {
    const failing = await createTestApp({
      adapters: {
        email: {
          name: "broken",
          send: async () => {
            throw new Error("connection refused");
          },
        },
      },
    });
    try {
      await failing.app.inject({
        method: "POST",
        url: "/api/auth/password/reset",
        payload: { email: "sam@loupe.test" },
      });
      const token = await failing.login();
      const [row] = (await failing.call(token, { method: "GET", url: "/api/staff/outbox" })).json().data;
      expect(row).toMatchObject({ status: "failed", error: "connection refused" });
    } finally {
      await failing.close();
    }
  });
});
