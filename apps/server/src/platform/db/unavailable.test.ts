import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./unavailable";

const withCode = (code: string, message = "x") => Object.assign(new Error(message), { code });
/** Drizzle wraps the driver's error: "Failed query: <sql>" with the driver's error as its cause. */
const wrapped = (cause: unknown) => Object.assign(new Error("Failed query: insert into …"), { cause });

describe("isDatabaseUnavailable", () => {
  it("says yes to a stopped, starting, saturated or unreachable database, however wrapped", () => {
    for (const err of [
      withCode("57P01", "terminating connection due to administrator command"),
      withCode("57P03", "the database system is starting up"),
      withCode("53300", "sorry, too many clients already"),
      withCode("08006"),
      withCode("57014", "canceling statement due to statement timeout"),
      withCode("ECONNREFUSED"),
      new Error("Connection terminated unexpectedly"),
      new Error("timeout exceeded when trying to connect"),
      new Error("Client has encountered a connection error and is not queryable"),
      wrapped(withCode("ECONNRESET")),
      wrapped(new AggregateError([withCode("ECONNREFUSED"), withCode("ECONNREFUSED")])),
    ]) {
      expect(isDatabaseUnavailable(err), String(err)).toBe(true);
    }
  });

  it("says no to the request's own faults and to bugs, which keep their 4xx or 500", () => {
    for (const err of [
      withCode("23505", "duplicate key value violates unique constraint"),
      withCode("22P02", "invalid input syntax for type integer"),
      withCode("42P01", 'relation "nothing" does not exist'),
      wrapped(withCode("23503")),
      new TypeError("Cannot read properties of undefined"),
      null,
      "Connection terminated",
    ]) {
      expect(isDatabaseUnavailable(err), String(err)).toBe(false);
    }
  });
});
