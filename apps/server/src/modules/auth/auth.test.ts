import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";
import { sessions } from "./auth.tables";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { LOGIN_MAX_FAILURES: "3" } });
});
afterAll(() => t.close());

describe("sign-in", () => {
  it("answers a token in data.token and the user for the demo admin", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/user/login",
      payload: { email: "Admin@Loupe.test", password: "LoupeDemo1" },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(body.data.user).toMatchObject({ email: "admin@loupe.test", role_id: 1 });
    const me = await t.call(body.data.token, { method: "GET", url: "/api/me" });
    expect(me.json().data.outlet.name).toBe("Newtown");
  });

  it("stores only a hash of the token", async () => {
    const token = await t.login();
    const hash = createHash("sha256").update(token).digest("hex");
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.tokenHash, hash));
    expect(rows).toHaveLength(1);
    const all = await t.database.db.select().from(sessions);
    expect(all.some((s) => s.tokenHash === token)).toBe(false);
  });

  it("refuses a wrong password with 401 and the same message as an unknown e-mail", async () => {
    const wrong = await t.app.inject({
      method: "POST",
      url: "/api/user/login",
      payload: { email: "sam@loupe.test", password: "nope-nope" },
    });
    const unknown = await t.app.inject({
      method: "POST",
      url: "/api/user/login",
      payload: { email: "nobody@loupe.test", password: "nope-nope" },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe(unknown.json().message);
  });

  it("names the field when the e-mail is missing or invalid", async () => {
    const missing = await t.app.inject({
      method: "POST",
      url: "/api/user/login",
      payload: { password: "abc" },
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.email).toEqual(["The email field is required."]);
    const invalid = await t.app.inject({
      method: "POST",
      url: "/api/user/login",
      payload: { email: "not-an-email", password: "abc" },
    });
    expect(invalid.statusCode).toBe(422);
    expect(Object.keys(invalid.json().errors)).toContain("email");
  });

  it("locks an account after repeated failures with 429, even for the right password", async () => {
    for (let i = 0; i < 3; i++) {
      const r = await t.app.inject({
        method: "POST",
        url: "/api/user/login",
        payload: { email: "riley@loupe.test", password: "wrong-password" },
      });
      expect(r.statusCode).toBe(401);
    }
    const locked = await t.app.inject({
      method: "POST",
      url: "/api/user/login",
      payload: { email: "riley@loupe.test", password: "LoupeDemo1" },
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/Too many failed sign-in attempts/);
    // Another account from a different address is not affected.
    const other = await t.app.inject({
      method: "POST",
      url: "/api/user/login",
      remoteAddress: "10.9.9.9",
      payload: { email: "jordan@loupe.test", password: "LoupeDemo1" },
    });
    expect(other.statusCode).toBe(200);
  });
});

describe("tokens", () => {
  it("answers 401 token_not_provided without a token", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/me" });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ message: "Unauthenticated.", error: "token_not_provided" });
  });

  it("revokes the token on logout", async () => {
    const token = await t.login("sam@loupe.test");
    expect((await t.call(token, { method: "GET", url: "/api/me" })).statusCode).toBe(200);
    expect((await t.call(token, { method: "POST", url: "/api/user/logout" })).statusCode).toBe(200);
    const after = await t.call(token, { method: "GET", url: "/api/me" });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe("Unauthenticated.");
  });

  it("refuses an expired token", async () => {
    const token = await t.login("sam@loupe.test");
    const hash = createHash("sha256").update(token).digest("hex");
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hash));
    const res = await t.call(token, { method: "GET", url: "/api/me" });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe("Unauthenticated.");
  });
});
