import { ROLE_ID_INVALID } from "@loupe/domain";
import { sql } from "drizzle-orm";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";
import { installErrorHandler, UNSTORABLE_VALUE } from "./error-handler";

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

describe("authentication comes before anything else", () => {
  it("answers an unauthenticated write with a garbage body 401, not 422", async () => {
    for (const payload of ['{"outlet_id": "three"', "null", JSON.stringify({ outlet_id: 2 ** 31 })]) {
      const res = await t.app.inject({
        method: "PUT",
        url: "/api/me",
        headers: { "content-type": "application/json" },
        payload,
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe("unauthenticated");
    }
  });

  it("answers an unauthenticated read with a bad query or path 401", async () => {
    for (const url of ["/api/v4/users?per_page=abc&region_id=2147483648", "/api/staff/customers/abc"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode).toBe(401);
    }
    const bad = await t.app.inject({
      method: "GET",
      url: "/api/v4/users?per_page=abc",
      headers: { authorization: "Bearer not-a-token" },
    });
    expect(bad.statusCode).toBe(401);
  });
});

describe("bad values are refused by name, before the database sees them", () => {
  it("refuses ids past 2^31 in a path, a query and a body", async () => {
    const path = await t.call(token, { method: "GET", url: "/api/staff/customers/2147483648" });
    expect(path.statusCode).toBe(422);
    expect(path.json().errors.id[0]).toMatch(/^The id field is invalid: too big/);
    const query = await t.call(token, { method: "GET", url: "/api/v4/users?region_id=2147483648" });
    expect(query.statusCode).toBe(422);
    expect(query.json().errors.region_id).toBeDefined();
    const body = await t.call(token, { method: "PUT", url: "/api/me", payload: { region_id: 2 ** 31 } });
    expect(body.statusCode).toBe(422);
    expect(body.json().errors.region_id[0]).toMatch(/^The region_id field is invalid: too big/);
    const fraction = await t.call(token, {
      method: "POST",
      url: "/api/staff/payment-intent",
      payload: { amount: 5, currency: "AUD", order_id: 1.5 },
    });
    expect(fraction.statusCode).toBe(422);
    expect(fraction.json().errors.order_id).toBeDefined();
  });

  it("refuses a day that does not exist (2020-02-31) by its field, in a query and in a body", async () => {
    for (const url of [
      "/api/v4/users?dob=2020-02-31",
      "/api/staff/orders?created_start_at=2026-02-30",
      "/api/staff/orders?created_end_at=2026-13-01T00:00:00Z",
    ]) {
      const res = await t.call(token, { method: "GET", url });
      expect(res.statusCode, url).toBe(422);
      const field = new URL(url, "http://x").searchParams.keys().next().value as string;
      expect(Object.keys(res.json().errors), url).toEqual([field]);
    }
    const [customer] = await t.database.query<{ id: number }>("select id from customers order by id limit 1");
    const rx = await t.call(token, {
      method: "POST",
      url: `/api/v4/users/${customer?.id ?? 1}/prescriptions`,
      payload: { type_id: 1, source_id: 1, right_sph: 0, left_sph: 0, expiry_date: "2027-02-29" },
    });
    expect(rx.statusCode, rx.body).toBe(422);
    expect(rx.json().errors.expiry_date).toEqual(["The expiry date field must be a date (YYYY-MM-DD)."]);
    // A real day still goes through.
    expect((await t.call(token, { method: "GET", url: "/api/v4/users?dob=2020-02-29" })).statusCode).toBe(
      200,
    );
  });

  it("refuses a NUL byte in any text: body, query and path", async () => {
    const body = await t.call(token, { method: "PUT", url: "/api/me", payload: { first_name: "Ann\u0000" } });
    expect(body.statusCode).toBe(422);
    expect(body.json().errors.first_name).toEqual([
      "The first_name field is invalid: it must not contain a NUL character.",
    ]);
    const nested = await t.call(token, {
      method: "POST",
      url: "/api/user",
      payload: { first_name: "Ann", last_name: "Lee", email: "a\u0000@example.com" },
    });
    expect(nested.statusCode).toBe(422);
    expect(nested.json().errors.email).toBeDefined();
    const query = await t.call(token, { method: "GET", url: "/api/v4/users?q=abc%00" });
    expect(query.statusCode).toBe(422);
    expect(query.json().errors.q).toBeDefined();
  });

  it("refuses a body that is not a JSON object, where the service validates it", async () => {
    for (const payload of ["null", "[]", "3"]) {
      const res = await t.call(token, {
        method: "POST",
        url: "/api/v4/users/1/prescriptions",
        headers: { "content-type": "application/json" },
        payload,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.body).toEqual(["The request body must be a JSON object."]);
    }
  });

  it("refuses a multipart upload without its boundary, and a file named with a NUL byte", async () => {
    const noBoundary = await t.call(token, {
      method: "POST",
      url: "/api/staff/files",
      headers: { "content-type": "multipart/form-data" },
      payload: "x",
    });
    expect(noBoundary.statusCode).toBe(415);
    expect(noBoundary.json().code).toBe("unsupported_media_type");
    const b = "----b";
    const nul = await t.call(token, {
      method: "POST",
      url: "/api/staff/files",
      headers: { "content-type": `multipart/form-data; boundary=${b}` },
      payload: `--${b}\r\nContent-Disposition: form-data; name="files[0]"; filename="a\u0000.png"\r\nContent-Type: image/png\r\n\r\nxx\r\n--${b}--\r\n`,
    });
    expect(nul.statusCode).toBe(422);
    expect(nul.json().errors["files.0"]).toEqual([
      "The file name is invalid: it must not contain a NUL character.",
    ]);
  });

  it("takes a profile image only as an https: URL, and a role only among the roles", async () => {
    for (const profile_image of [
      "javascript:alert(1)",
      "http://example.com/a.png",
      "data:image/png;base64,AA",
    ]) {
      const res = await t.call(token, { method: "PUT", url: "/api/me", payload: { profile_image } });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.profile_image).toEqual(["The profile_image field must be an https: URL."]);
    }
    const ok = await t.call(token, {
      method: "PUT",
      url: "/api/me",
      payload: { profile_image: "https://cdn.example.com/a.png" },
    });
    expect(ok.statusCode).toBe(200);
    const me = ok.json().data;
    const role = await t.call(token, { method: "PUT", url: `/api/user/${me.id}`, payload: { role_id: 7 } });
    expect(role.statusCode).toBe(422);
    expect(role.json().errors.role_id).toEqual([ROLE_ID_INVALID]);
  });
});

describe("the error handler's safety net", () => {
  it("answers a value PostgreSQL refuses (a data exception) 400, not 500", async () => {
    const app = Fastify({ logger: false });
    installErrorHandler(app);
    app.get("/boom", async () => {
      await t.database.db.execute(sql`select ${2 ** 31}::int`);
    });
    const res = await app.inject({ method: "GET", url: "/boom" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "bad_request", message: UNSTORABLE_VALUE });
    await app.close();
  });
});
