import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmailSender } from "../../integrations/email";
import { type SmtpSink, startSmtpSink } from "../../test/smtp-sink";
import { createTestApp, type TestApp } from "../../test/test-app";
import { backoffMs, DEFAULT_RETRY_POLICY, REDACTED_NOT_RETRIED } from "./outbox.service";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const outboxOf = async (app: TestApp, token: string, query = "") =>
  (await app.call(token, { method: "GET", url: `/api/staff/outbox${query}` })).json().data;

describe("outbox", () => {
  it("keeps e-mails queued when no SMTP is configured and lists them newest first", async () => {
    const token = await t.login();
    // The reset e-mail is written after the answer (same timing for unknown addresses): each is waited
    // for before the next reset, so which is newer is known.
    for (const [i, email] of ["sam@loupe.test", "riley@loupe.test"].entries()) {
      await t.app.inject({ method: "POST", url: "/api/auth/password/reset", payload: { email } });
      await expect.poll(async () => (await outboxOf(t, token)).length).toBe(i + 1);
    }
    const res = await t.call(token, { method: "GET", url: "/api/staff/outbox" });
    expect(res.statusCode).toBe(200);
    const list = res.json().data;
    expect(list.map((m: { recipient: string }) => m.recipient)).toEqual([
      "riley@loupe.test",
      "sam@loupe.test",
    ]);
    expect(list[0]).toMatchObject({ channel: "email", status: "queued", sent_at: null, attempts: 0 });
    expect(list[0].body).toContain("http://loupe.test/reset-password/");
  });

  it("backs off exponentially up to a cap", () => {
    const p = DEFAULT_RETRY_POLICY;
    expect([1, 2, 3, 4].map((n) => backoffMs(n, p))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(backoffMs(30, p)).toBe(p.maxDelayMs);
  });
});

describe("delivery with retries (a failing, then recovering SMTP server)", () => {
  let smtp: SmtpSink;
  let app: TestApp;
  let admin: string;
  let customerId: number;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    app = await createTestApp({
      adapters: {
        email: createEmailSender({ SMTP_URL: smtp.url, MAIL_FROM: "Loupe <no-reply@loupe.test>" }),
      },
      // Fast clocks: poll every 20 ms, retry after 50 ms, 100 ms, …, give up after 3 tries.
      env: { OUTBOX_POLL_SECONDS: "0.02", OUTBOX_RETRY_BASE_SECONDS: "0.05", OUTBOX_MAX_TRIES: "3" },
    });
    admin = await app.login();
    customerId = (
      await app.call(admin, {
        method: "POST",
        url: "/api/user",
        payload: { first_name: "Mia", email: "mia@example.com" },
      })
    ).json().data.id;
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });
  const email = (subject: string) =>
    app.call(admin, {
      method: "POST",
      url: `/api/staff/customers/${customerId}/messages`,
      payload: { type: "email", email: "mia@example.com", subject, message: "Hi Mia, they are ready." },
    });
  const find = async (subject: string) =>
    (await outboxOf(app, admin)).find((m: { subject: string }) => m.subject === subject);

  it("tries again after a temporary failure and records every attempt", async () => {
    smtp.refuseNext = 1;
    const res = await email("Ready (retried)");
    expect(res.statusCode).toBe(200);
    await expect
      .poll(() => find("Ready (retried)"), { timeout: 5000 })
      .toMatchObject({ status: "sent", attempts: 2 });
    expect(smtp.mails.filter((m) => m.subject === "Ready (retried)")).toHaveLength(1);
    const row = await find("Ready (retried)");
    const attempts = (
      await app.call(admin, { method: "GET", url: `/api/staff/outbox/${row.id}/attempts` })
    ).json().data;
    expect(attempts.map((a: { outcome: string }) => a.outcome)).toEqual(["failed", "sent"]);
    expect(attempts[0].error).toMatch(/451/);
    expect(attempts[0]).toMatchObject({ adapter: "smtp" });
  });

  it("gives up after its tries, then an administrator's Retry delivers it once the server recovers", async () => {
    smtp.refuseNext = 3;
    await email("Ready (given up)");
    await expect
      .poll(() => find("Ready (given up)"), { timeout: 5000 })
      .toMatchObject({
        status: "failed",
        attempts: 3,
        retryable: true,
      });
    const failed = await outboxOf(app, admin, "?status=failed");
    const row = failed.find((m: { subject: string }) => m.subject === "Ready (given up)");
    expect(row.error).toMatch(/451/);

    // Another member of staff may not retry (nor read) the outbox.
    const staff = await app.login("sam@loupe.test");
    expect(
      (await app.call(staff, { method: "POST", url: `/api/staff/outbox/${row.id}/retry` })).statusCode,
    ).toBe(403);

    const retried = await app.call(admin, { method: "POST", url: `/api/staff/outbox/${row.id}/retry` });
    expect(retried.statusCode).toBe(200);
    expect(retried.json().data.status).toBe("queued");
    await expect
      .poll(() => find("Ready (given up)"), { timeout: 5000 })
      .toMatchObject({ status: "sent", attempts: 4 });
    // Only failed messages can be retried.
    expect(
      (await app.call(admin, { method: "POST", url: `/api/staff/outbox/${row.id}/retry` })).statusCode,
    ).toBe(409);
  });

  it("gives up at once on a permanent refusal (550) and tells its listeners; a listener's error never breaks delivery", async () => {
    const told: number[] = [];
    app.app.outbox.onGivenUp(() => {
      throw new Error("a broken listener");
    });
    app.app.outbox.onGivenUp((row) => {
      told.push(row.id);
    });
    smtp.refuseAddresses.add("gone@example.com");
    const res = await app.call(admin, {
      method: "POST",
      url: `/api/staff/customers/${customerId}/messages`,
      payload: { type: "email", email: "gone@example.com", subject: "Ready (refused)", message: "Hi" },
    });
    expect(res.statusCode).toBe(200);
    await expect
      .poll(() => find("Ready (refused)"), { timeout: 5000 })
      .toMatchObject({ status: "failed", attempts: 1 });
    const row = await find("Ready (refused)");
    expect(row.error).toMatch(/550/);
    await expect.poll(() => told, { timeout: 5000 }).toEqual([row.id]);
    // The worker goes on delivering after the broken listener.
    await email("Ready (after a broken listener)");
    await expect
      .poll(() => find("Ready (after a broken listener)"), { timeout: 5000 })
      .toMatchObject({ status: "sent" });
  });

  it("never makes the caller wait for the mail server", async () => {
    let release: () => void = () => {};
    let called = false;
    const slow = await createTestApp({
      adapters: {
        email: {
          name: "slow",
          send: () =>
            new Promise((resolve) => {
              release = () => resolve({ messageId: "x" });
              called = true;
            }),
        },
      },
    });
    try {
      const token = await slow.login();
      const id = (
        await slow.call(token, {
          method: "POST",
          url: "/api/user",
          payload: { first_name: "Al", email: "al@example.com" },
        })
      ).json().data.id;
      const res = await slow.call(token, {
        method: "POST",
        url: `/api/staff/customers/${id}/messages`,
        payload: { type: "email", email: "al@example.com", subject: "Hello", message: "Hi" },
      });
      expect(res.statusCode).toBe(200);
      // The background worker picks the message up on its own schedule; a loaded machine may take seconds.
      await expect
        .poll(async () => (await outboxOf(slow, token))[0].status, { timeout: 10_000 })
        .toBe("sending");
      // The worker marks the message sending, reads its attachments, then calls the adapter: release
      // only the call that is waiting.
      await expect.poll(() => called, { timeout: 10_000 }).toBe(true);
      release();
      await expect
        .poll(async () => (await outboxOf(slow, token))[0].status, { timeout: 10_000 })
        .toBe("sent");
    } finally {
      // A failed check must not leave the send hanging: closing waits for the worker's round.
      release();
      await slow.close();
    }
  });
});

describe("redacted messages (password resets)", () => {
  it("are not retried from the stored copy: failed for good, with the reason", async () => {
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
      await expect.poll(async () => (await outboxOf(failing, token))[0].status).toBe("failed");
      const [row] = await outboxOf(failing, token);
      expect(row).toMatchObject({ retryable: false, attempts: 1 });
      expect(row.error).toBe(`connection refused — ${REDACTED_NOT_RETRIED}`);
      const retry = await failing.call(token, { method: "POST", url: `/api/staff/outbox/${row.id}/retry` });
      expect(retry.statusCode).toBe(409);
      expect(retry.json().message).toBe(REDACTED_NOT_RETRIED);
    } finally {
      await failing.close();
    }
  });
});
