import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { createReceiptTokens, UNDATED_LINKS_ISSUED_AT } from "./receipt-token";

const env = { SIGNING_SECRET: "a-signing-secret-long-enough-for-tests", PUBLIC_URL: "https://loupe.example" };
const config = loadConfig(env);
const tokens = createReceiptTokens(config);
const DAY = 86_400_000;

describe("receipt links", () => {
  it("gives a job's link and token as url() and token() do, and verify() takes it", () => {
    const link = tokens.link(42, 7);
    expect(link.url.endsWith(link.token)).toBe(true);
    expect(link.url).toMatch(/\/receipt\/show\/42\/[A-Za-z0-9_-]{48}$/);
    expect(tokens.verify(42, 7, link.token)).toBe(true);
  });

  it("signs again when the job's customer changes, even for a job asked for before", () => {
    const before = tokens.link(43, 7).token;
    const guest = tokens.link(43, null).token;
    const other = tokens.link(43, 8).token;
    expect(new Set([before, guest, other]).size).toBe(3);
    expect(tokens.verify(43, 8, before)).toBe(false);
    expect(tokens.link(43, 7).token).toBe(before);
    expect(tokens.verify(43, 7, before)).toBe(true);
  });

  it("stays right past the number of links it keeps", () => {
    const first = tokens.link(1, 1).token;
    for (let id = 2; id < 12_000; id++) tokens.link(id, 1);
    expect(tokens.verify(1, 1, first)).toBe(true);
    expect(tokens.verify(1, 1, tokens.link(1, 1).token)).toBe(true);
    expect(tokens.verify(11_999, 1, tokens.link(11_999, 1).token)).toBe(true);
  });

  it("carries its expiry: RECEIPT_LINK_TTL_DAYS (730 by default) after it was issued", () => {
    let clock = Date.parse("2027-01-01T00:00:00Z");
    const timed = createReceiptTokens(config, () => clock);
    const token = timed.token(50, 7);
    clock += 729 * DAY;
    expect(timed.check(50, 7, token)).toBe("valid");
    clock += 2 * DAY;
    expect(timed.check(50, 7, token)).toBe("expired");
    const short = createReceiptTokens(loadConfig({ ...env, RECEIPT_LINK_TTL_DAYS: "1" }), () => clock);
    const brief = short.token(50, 7);
    clock += DAY + 1000;
    expect(short.check(50, 7, brief)).toBe("expired");
  });

  it("refuses a link whose dates were changed: they are signed", () => {
    const token = tokens.token(51, 7);
    const later = `${token.slice(0, 9)}zzzzzzz${token.slice(16)}`;
    expect(tokens.check(51, 7, later)).toBe("invalid");
  });

  it("stops links issued before the job's revocation, not those issued after", () => {
    let clock = Date.parse("2027-01-01T00:00:00Z");
    const timed = createReceiptTokens(config, () => clock);
    const before = timed.link(52, 7).token;
    clock += 5;
    const revokedAt = new Date(clock);
    timed.forget(52);
    clock += 5;
    const after = timed.link(52, 7).token;
    expect(after).not.toBe(before);
    expect(timed.check(52, 7, before, revokedAt)).toBe("revoked");
    expect(timed.check(52, 7, after, revokedAt)).toBe("valid");
  });

  it("opens an undated link of before this release for one more lifetime, and revokes it like others", () => {
    const key = createHmac("sha256", config.SIGNING_SECRET).update("receipt-links").digest("hex");
    const undated = createHmac("sha256", key).update("receipt:53:7").digest("base64url").slice(0, 32);
    let clock = UNDATED_LINKS_ISSUED_AT + 100 * DAY;
    const timed = createReceiptTokens(config, () => clock);
    expect(timed.check(53, 7, undated)).toBe("valid");
    expect(timed.check(53, 7, undated, new Date(clock - 1000))).toBe("revoked");
    clock = UNDATED_LINKS_ISSUED_AT + 731 * DAY;
    expect(timed.check(53, 7, undated)).toBe("expired");
  });
});
