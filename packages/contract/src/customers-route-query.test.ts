import { CUSTOMER_QUERY_KEYS, cleanCustomersRouteQuery } from "@loupe/domain";
import { describe, expect, it } from "vitest";
import { customerSearchQuery } from "./customers";

/** Values a hand-typed or tampered address might hold, for every key. */
const VALUES = [
  "",
  " ",
  "1",
  "2",
  "0",
  "-1",
  "1.5",
  "abc",
  "1e3",
  "0x10",
  " 12 ",
  "2147483647",
  "2147483648",
  "2020-02-29",
  "2020-02-30",
  "1985-3-5",
  "asc",
  "desc",
  "DESC",
  "first_name",
  "dob",
  "password",
  "ma",
  "martin",
  "a\u0000b",
  "x".repeat(201),
];

const accepted = (key: string, value: string) => {
  const field = key === "customer_id" ? "region_id" : key; // the same id rule, checked through a field the schema has
  return customerSearchQuery.safeParse({ [field]: value }).success;
};

describe("the customers route query", () => {
  it("keeps only values the list endpoint accepts, and every such value but a too-short search", () => {
    for (const key of CUSTOMER_QUERY_KEYS) {
      for (const value of VALUES) {
        const kept = cleanCustomersRouteQuery(new URLSearchParams([[key, value]])).get(key) === value;
        if (kept) expect(accepted(key, value), `${key}=${JSON.stringify(value)} kept`).toBe(true);
        else if (!["q", "r"].includes(key) && value.trim() !== "")
          expect(accepted(key, value), `${key}=${JSON.stringify(value)} dropped`).toBe(false);
      }
    }
  });

  it("drops unknown keys and bad values, keeps the last good one", () => {
    const clean = cleanCustomersRouteQuery(
      new URLSearchParams("page=abc&sort_by=password&dob=2020-02-30&q=ma&token=x&region_id=2&page=3&page="),
    );
    expect(clean.toString()).toBe("region_id=2&page=3");
  });
});
