import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_PAGE_MAX_REQUESTS: "3", PUBLIC_PAGE_WINDOW_MINUTES: "10" } });
});
afterAll(() => t.close());

const open = (url: string, address: string) => t.app.inject({ method: "GET", url, remoteAddress: address });

describe("the public pages' throttle per address", () => {
  it("answers 429 with Retry-After past the limit, on the status, receipt and credit-note pages alike, while another address still gets through", async () => {
    const guesser = "203.0.113.7";
    // Links that are not valid: each is counted before any look-up, so guessing costs the budget too.
    for (const url of [
      "/shop-api/status/1/not-a-token",
      "/shop-api/receipt/show/1/not-a-token",
      "/receipt/show/1/not-a-token",
    ]) {
      expect((await open(url, guesser)).statusCode).toBe(404);
    }
    for (const url of [
      "/shop-api/status/1/not-a-token",
      "/shop-api/receipt/show/1/not-a-token",
      "/shop-api/receipt/credit-note/1/not-a-token/CN-1",
    ]) {
      const refused = await open(url, guesser);
      expect(refused.statusCode, url).toBe(429);
      const wait = Number(refused.headers["retry-after"]);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(600);
      expect(refused.headers["content-type"]).toContain("text/html");
      expect(refused.body).toContain("Too many requests");
      expect(refused.body).toContain("Please try again in 10 minutes.");
    }

    const neighbour = "203.0.113.8";
    expect((await open("/shop-api/status/1/not-a-token", neighbour)).statusCode).toBe(404);
    expect((await open("/receipt/show/1/not-a-token", neighbour)).statusCode).toBe(404);
  });

  it("keeps its own count: an address past the pages' limit can still sign in", async () => {
    const address = "203.0.113.9";
    for (let i = 0; i < 4; i++) await open("/shop-api/status/1/x", address);
    const login = await t.app.inject({
      method: "POST",
      url: "/api/user/login",
      payload: { email: "admin@loupe.test", password: "LoupeDemo1" },
      remoteAddress: address,
    });
    expect(login.statusCode).toBe(200);
    const rows = await t.database.query<{ key: string; failures: number }>(
      "select key, failures from login_throttle where key like $1 order by key",
      ["%203.0.113.9"],
    );
    expect(rows).toEqual([
      { key: "ip:203.0.113.9", failures: 0 },
      { key: "page:203.0.113.9", failures: 4 },
    ]);
  });
});
