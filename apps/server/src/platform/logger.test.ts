import { describe, expect, it } from "vitest";
import { loggedUrl, pathOnly, requestIdFor, serializeError } from "./logger";

describe("log serializers", () => {
  it("cuts the SQL parameters and echoed values out of a failed query", () => {
    const err = Object.assign(
      new Error("Failed query: update customers set phone = $1 where id = $2\nparams: 0412345678,17"),
      {
        code: "23505",
        cause: Object.assign(new Error("Key (email)=(jane@example.com) already exists."), { code: "23505" }),
      },
    );
    const out = JSON.stringify(serializeError(err));
    expect(out).toContain("update customers set phone = $1");
    expect(out).toContain("23505");
    expect(out).not.toContain("0412345678");
    expect(out).not.toContain("jane@example.com");
  });

  it("cuts the query string from a path", () => {
    expect(pathOnly("/api/v4/users?q=0412345678")).toBe("/api/v4/users");
    expect(pathOnly("/api/me")).toBe("/api/me");
  });

  it("names a request by its route pattern, so a token or id in the path never reaches the log", () => {
    expect(loggedUrl({ routeOptions: { url: "/shop-api/receipt/show/:orderId/:token" } })).toBe(
      "/shop-api/receipt/show/:orderId/:token",
    );
    expect(loggedUrl({ routeOptions: {} })).toBe("[unmatched]");
  });

  it("cuts the values PostgreSQL quotes in its own messages", () => {
    const e = Object.assign(new Error('invalid input syntax for type integer: "NaN"'), { code: "22P02" });
    expect(serializeError(e).message).toBe('invalid input syntax for type integer: "[redacted]"');
    expect(serializeError(e).stack).not.toContain("NaN");
    const bytes = new Error('invalid byte sequence for encoding "UTF8": 0x00 0xff');
    expect(serializeError(bytes).message).not.toMatch(/0x00|UTF8/);
    const wrapped = new Error('Failed query: select "id" from "customers" where "id" = $1\nparams: NaN', {
      cause: e,
    });
    const out = serializeError(wrapped);
    expect(JSON.stringify(out)).not.toContain("NaN");
    expect(out.message).toContain('select "id" from "customers"');
  });

  it("keeps a well-formed incoming request id and replaces anything else", () => {
    expect(requestIdFor("edge-1234abcd")).toBe("edge-1234abcd");
    expect(requestIdFor("bad id\nwith newline")).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdFor(undefined)).toMatch(/^[0-9a-f-]{36}$/);
  });
});
