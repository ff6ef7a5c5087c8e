import { describe, expect, it } from "vitest";
import { pathOnly, requestIdFor, serializeError } from "./logger";

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

  it("logs a path without its query string", () => {
    expect(pathOnly("/api/v4/users?q=0412345678")).toBe("/api/v4/users");
    expect(pathOnly("/api/me")).toBe("/api/me");
  });

  it("keeps a well-formed incoming request id and replaces anything else", () => {
    expect(requestIdFor("edge-1234abcd")).toBe("edge-1234abcd");
    expect(requestIdFor("bad id\nwith newline")).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdFor(undefined)).toMatch(/^[0-9a-f-]{36}$/);
  });
});
