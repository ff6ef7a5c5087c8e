import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { createReceiptTokens } from "./receipt-token";

const tokens = createReceiptTokens(
  loadConfig({
    SIGNING_SECRET: "a-signing-secret-long-enough-for-tests",
    PUBLIC_URL: "https://loupe.example",
  }),
);

describe("receipt links", () => {
  it("gives a job's link and token as url() and token() do, and verify() takes it", () => {
    const link = tokens.link(42, 7);
    expect(link).toEqual({ token: tokens.token(42, 7), url: tokens.url(42, 7) });
    expect(link.url).toMatch(/\/receipt\/show\/42\/[A-Za-z0-9_-]{32}$/);
    expect(tokens.verify(42, 7, link.token)).toBe(true);
  });

  it("signs again when the job's customer changes, even for a job asked for before", () => {
    const before = tokens.link(43, 7).token;
    const guest = tokens.link(43, null).token;
    const other = tokens.link(43, 8).token;
    expect(new Set([before, guest, other]).size).toBe(3);
    expect(tokens.verify(43, 8, before)).toBe(false);
    expect(tokens.link(43, 7).token).toBe(before);
  });

  it("stays right past the number of links it keeps", () => {
    const first = tokens.link(1, 1).token;
    for (let id = 2; id < 12_000; id++) tokens.link(id, 1);
    expect(tokens.link(1, 1).token).toBe(first);
    expect(tokens.link(11_999, 1).token).toBe(tokens.token(11_999, 1));
  });
});
