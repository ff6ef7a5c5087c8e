import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterAll(() => t.close());

describe("bad input never reaches a 500", () => {
  it("answers malformed JSON with 400 and a message", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/user/login",
      headers: { "content-type": "application/json" },
      payload: '{"email": "admin@loupe.test", ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "bad_request", message: "The request body is not valid JSON." });
  });

  it("answers a wrong type with 422 naming the field", async () => {
    const res = await t.call(token, { method: "PUT", url: "/api/me", payload: { outlet_id: "three" } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.outlet_id).toBeDefined();
  });

  it("refuses unknown fields by name", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/user/login",
      payload: { email: "admin@loupe.test", password: "LoupeDemo1", is_admin: true },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.is_admin).toEqual(["The is_admin field is not allowed."]);
  });

  it("answers an oversized body with 413", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/password/reset",
      payload: { email: "x".repeat(2_000_000) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe("payload_too_large");
  });

  it("answers an unknown API path with a JSON 404", async () => {
    const res = await t.call(token, { method: "GET", url: "/api/no-such-thing" });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe("not_found");
  });

  it("answers a bad path parameter with 422", async () => {
    const res = await t.call(token, { method: "GET", url: "/api/staff/outlets/abc" });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.id).toBeDefined();
  });
});
