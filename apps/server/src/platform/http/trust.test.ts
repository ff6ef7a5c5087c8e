import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let t: TestApp;
let token: string;
const logLines: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ env: { LOG_LEVEL: "info" }, logLines });
  token = await t.login();
});
afterAll(() => t.close());

const wrongLogin = (email: string, remoteAddress: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "POST",
    url: "/api/user/login",
    payload: { email, password: "not-the-password" },
    remoteAddress,
    headers,
  });

describe("the bearer token travels only in the Authorization header", () => {
  it("refuses a token in the query string, even a valid one", async () => {
    const res = await t.app.inject({ method: "GET", url: `/api/me?token=${token}` });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/Authorization header/);
    const both = await t.call(token, { method: "GET", url: `/api/me?token=${token}` });
    expect(both.statusCode).toBe(401);
    expect((await t.call(token, { method: "GET", url: "/api/me" })).statusCode).toBe(200);
  });
});

describe("headers and request ids", () => {
  it("answers API calls with no-store, a request id and a default CSP", async () => {
    const res = await t.call(token, { method: "GET", url: "/api/me" });
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("js.stripe.com");
  });

  it("sends helmet's security headers on every answer: API, error, unknown path and the web app", async () => {
    const answers = [
      await t.call(token, { method: "GET", url: "/api/me" }),
      await t.call(token, { method: "GET", url: "/api/staff/outlets/abc" }),
      await t.app.inject({ method: "GET", url: "/api/no-such-thing" }),
      await t.app.inject({ method: "GET", url: "/customers" }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 422, 404, expect.any(Number)]);
    for (const res of answers) {
      expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["referrer-policy"]).toBe("same-origin");
      expect(res.headers["strict-transport-security"]).toMatch(/^max-age=\d+/);
      expect(res.headers["cross-origin-opener-policy"]).toBe("same-origin");
      expect(String(res.headers["content-security-policy"])).toContain("frame-ancestors 'self'");
      expect(res.headers["cross-origin-embedder-policy"]).toBeUndefined();
    }
  });

  it("returns the request id in the error envelope, matching the header and the log line", async () => {
    const res = await t.call(token, { method: "GET", url: "/api/staff/outlets/abc" });
    expect(res.statusCode).toBe(422);
    const id = res.json().request_id;
    expect(id).toBe(res.headers["x-request-id"]);
    expect(logLines.some((l) => l.includes(id))).toBe(true);
    const unauth = await t.app.inject({ method: "GET", url: "/api/me" });
    expect(unauth.json().request_id).toBe(unauth.headers["x-request-id"]);
  });

  it("allows Stripe's script only when Stripe is configured", async () => {
    const stripe = await createTestApp({
      env: { STRIPE_PUBLISHABLE_KEY: "pk_test_x", STRIPE_SECRET_KEY: "sk_test_x" },
    });
    try {
      const res = await stripe.app.inject({ method: "GET", url: "/healthz" });
      expect(String(res.headers["content-security-policy"])).toContain(
        "script-src 'self' https://js.stripe.com",
      );
    } finally {
      await stripe.close();
    }
  });
});

describe("logs carry no customer data", () => {
  it("logs the path of a search, never its query string", async () => {
    const phone = "0412987654";
    const res = await t.call(token, { method: "GET", url: `/api/v4/users?q=${phone}&page=1` });
    expect(res.statusCode).toBe(200);
    const lines = logLines.join("\n");
    expect(lines).toContain("/api/v4/users");
    expect(lines).not.toContain(phone);
    expect(lines).not.toContain(token);
  });
});

describe("client addresses are not client-chosen", () => {
  it("ignores X-Forwarded-For from an untrusted peer, so the per-address limit holds", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      const res = await wrongLogin(`spray${i}@loupe.test`, "10.20.0.1", {
        "x-forwarded-for": `203.0.113.${i}`,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
  });

  it("believes X-Forwarded-For only from a configured proxy", async () => {
    const proxied = await createTestApp({ env: { TRUSTED_PROXIES: "10.30.0.1" } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 22; i++) {
        const res = await proxied.app.inject({
          method: "POST",
          url: "/api/user/login",
          payload: { email: `proxy${i}@loupe.test`, password: "nope" },
          remoteAddress: "10.30.0.1",
          headers: { "x-forwarded-for": `198.51.100.${i}` },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.every((s) => s === 401)).toBe(true);
    } finally {
      await proxied.close();
    }
  });

  it("holds the per-account limit under parallel attempts", async () => {
    const rounds = onPostgres ? 3 : 1;
    for (let round = 0; round < rounds; round++) {
      const email = `parallel${round}@loupe.test`;
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => wrongLogin(email, `10.40.${round}.${i}`)),
      );
      const verified = results.filter((r) => r.statusCode === 401).length;
      const limited = results.filter((r) => r.statusCode === 429).length;
      expect(verified).toBe(5);
      expect(limited).toBe(15);
    }
  });
});

describe("a reset link without an e-mail adapter", () => {
  it("is printed on the console outside production, and stored redacted", async () => {
    const spy = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/password/reset",
        payload: { email: "riley@loupe.test" },
        remoteAddress: "10.50.0.1",
      });
      expect(res.statusCode).toBe(200);
      await vi.waitFor(() => expect(spy).toHaveBeenCalled());
      const printed = spy.mock.calls.map((c) => String(c[0])).join("\n");
      const printedToken = printed.match(/reset-password\/([A-Za-z0-9_-]{20,})/)?.[1];
      expect(printedToken).toBeTruthy();
      const rows = await t.database.query<{ body: string }>(
        "select body from outbox_messages where recipient = 'riley@loupe.test'",
      );
      expect(rows.length).toBe(1);
      expect(rows[0].body).toContain("[redacted]");
      expect(rows[0].body).not.toContain(printedToken);
    } finally {
      spy.mockRestore();
    }
  });
});
