import { PRINT_LINK_SECONDS } from "@loupe/domain";
import { describe, expect, it } from "vitest";
import { createPrintLinks } from "./print-link";

const links = createPrintLinks({
  SIGNING_SECRET: "a-test-secret-of-enough-length-1234",
  publicUrl: "http://loupe.test",
});
const NOW = Date.UTC(2026, 2, 3, 1, 0, 0);
const grant = links.grant(42, "docket", "A4", 7, NOW);
const sigOf = (url: string) => new URL(url).searchParams.get("sig") ?? "";

describe("print links", () => {
  it("name the job, document, paper, staff member and expiry, and nothing else", () => {
    const url = new URL(links.url(grant));
    expect(url.origin + url.pathname).toBe("http://loupe.test/api/print/jobs/42/docket");
    expect([...url.searchParams.keys()]).toEqual(["paper", "by", "expires", "sig"]);
    expect(url.searchParams.get("expires")).toBe(String(NOW / 1000 + PRINT_LINK_SECONDS));
    expect(url.searchParams.get("sig")).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("a tray label has no paper", () => {
    expect(links.grant(42, "tray_label", "A4", 7, NOW).paper).toBeNull();
  });

  it.each([
    ["at issue", 0, "ok"],
    ["a second before expiry", PRINT_LINK_SECONDS - 1, "ok"],
    ["at the expiry second", PRINT_LINK_SECONDS, "ok"],
    ["a second after", PRINT_LINK_SECONDS + 1, "expired"],
    ["an hour after", 3600, "expired"],
  ])("checked %s: %s", (_when, seconds, result) => {
    expect(links.check(grant, sigOf(links.url(grant)), NOW + seconds * 1000)).toBe(result);
  });

  it.each([
    ["another job", { orderId: 43 }],
    ["the other document", { document: "tray_label" as const, paper: null }],
    ["the other paper", { paper: "A5" as const }],
    ["another staff member", { staffId: 8 }],
    ["a later expiry", { expires: grant.expires + 60 }],
  ])("refuses a link altered to %s", (_what, change) => {
    expect(links.check({ ...grant, ...change }, sigOf(links.url(grant)), NOW)).toBe("invalid");
  });

  it("refuses a signature made with another secret, or cut short", () => {
    const other = createPrintLinks({
      SIGNING_SECRET: "another-secret-of-enough-length-5678",
      publicUrl: "http://loupe.test",
    });
    expect(links.check(grant, sigOf(other.url(grant)), NOW)).toBe("invalid");
    expect(links.check(grant, sigOf(links.url(grant)).slice(0, 42), NOW)).toBe("invalid");
  });

  it("refuses a link that claims to live longer than a print link does", () => {
    const far = { ...grant, expires: grant.expires + 3600 };
    expect(links.check(far, sigOf(links.url(far)), NOW)).toBe("invalid");
  });
});
