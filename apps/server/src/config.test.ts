import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEV_SIGNING_SECRET, ENV_KEYS, loadConfig, productionProblems } from "./config";

const secret = "x".repeat(40);
const stripe = { STRIPE_SECRET_KEY: "sk_live_x", STRIPE_PUBLISHABLE_KEY: "pk_live_x" };

describe("configuration", () => {
  it("finds the migrations and the web build in the checkout by default", () => {
    const config = loadConfig({});
    expect(fs.existsSync(path.join(config.migrationsDir, "meta", "_journal.json"))).toBe(true);
    expect(config.webDist).toBe(path.join(path.dirname(path.dirname(config.migrationsDir)), "web", "dist"));
  });

  it("takes the migrations and web build folders from MIGRATIONS_DIR and WEB_DIST when set", () => {
    const config = loadConfig({ MIGRATIONS_DIR: "/srv/loupe/drizzle", WEB_DIST: "/srv/loupe/web" });
    expect(config.migrationsDir).toBe("/srv/loupe/drizzle");
    expect(config.webDist).toBe("/srv/loupe/web");
  });

  it("documents every setting in .env.example", () => {
    const example = fs.readFileSync(path.resolve(import.meta.dirname, "../../../.env.example"), "utf8");
    const documented = new Set([...example.matchAll(/^([A-Z0-9_]+)=/gm)].map((m) => m[1]));
    expect(ENV_KEYS.filter((key) => !documented.has(key))).toEqual([]);
  });

  it("refuses a read replica without its primary, and bounds its lag at 5 s by default (ADR 0040)", () => {
    expect(() => loadConfig({ DATABASE_READ_URL: "postgres://server@replica/loupe" })).toThrow(
      /DATABASE_READ_URL: a read replica needs its primary in DATABASE_URL/,
    );
    const config = loadConfig({
      DATABASE_URL: "postgres://server@db/loupe",
      DATABASE_READ_URL: "postgres://server@replica/loupe",
    });
    expect(config.DATABASE_READ_URL).toBe("postgres://server@replica/loupe");
    expect(config.DATABASE_READ_MAX_LAG_SECONDS).toBe(5);
    expect(() => loadConfig({ DATABASE_READ_MAX_LAG_SECONDS: "0" })).toThrow(/DATABASE_READ_MAX_LAG_SECONDS/);
  });

  it("needs the server's own DATABASE_URL when an owner role is configured (ADR 0026)", () => {
    expect(() => loadConfig({ DATABASE_OWNER_URL: "postgres://owner@db/loupe" })).toThrow(/DATABASE_URL/);
    const split = loadConfig({
      DATABASE_OWNER_URL: "postgres://owner@db/loupe",
      DATABASE_URL: "postgres://server@db/loupe",
      DATA_DIR: "/srv/loupe",
    });
    expect(split.anchorKeyFile).toBe("/srv/loupe/access-log-anchor-key.pem");
    expect(split.RECEIPT_LINK_TTL_DAYS).toBe(730);
    expect(() => loadConfig({ PRIVACY_OFFICER_EMAIL: "not an address" })).toThrow(/PRIVACY_OFFICER_EMAIL/);
  });

  it("seeds the demo outside production, unless SEED_DEMO=false", () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: "false" }).seedDemo).toBe(false);
  });

  it("never seeds the demo in production", () => {
    const config = loadConfig({ NODE_ENV: "production", SIGNING_SECRET: secret, ...stripe });
    expect(config.seedDemo).toBe(false);
    expect(productionProblems(config)).toEqual([]);
  });
});

describe("production checks", () => {
  it("has nothing to say outside production, whatever the settings", () => {
    expect(productionProblems(loadConfig({}))).toEqual([]);
    expect(productionProblems(loadConfig({ NODE_ENV: "test", SEED_DEMO: "true" }))).toEqual([]);
  });

  it("accepts a production configuration with its own secret and Stripe keys", () => {
    expect(
      productionProblems(loadConfig({ NODE_ENV: "production", SIGNING_SECRET: secret, ...stripe })),
    ).toEqual([]);
  });

  it("refuses the development signing secret", () => {
    const problems = productionProblems(loadConfig({ NODE_ENV: "production", ...stripe }));
    expect(loadConfig({}).SIGNING_SECRET).toBe(DEV_SIGNING_SECRET);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain("SIGNING_SECRET is the development default");
  });

  it("takes an empty SIGNING_SECRET for the development default, never for an empty key", () => {
    expect(loadConfig({ SIGNING_SECRET: "" }).SIGNING_SECRET).toBe(DEV_SIGNING_SECRET);
    expect(
      productionProblems(loadConfig({ NODE_ENV: "production", SIGNING_SECRET: " ", ...stripe })),
    ).toEqual([expect.stringContaining("development default")]);
  });

  it("refuses a short signing secret", () => {
    const problems = productionProblems(
      loadConfig({ NODE_ENV: "production", SIGNING_SECRET: "short", ...stripe }),
    );
    expect(problems).toEqual([expect.stringContaining("shorter than 32 characters")]);
  });

  it("refuses the sandbox payment gateway unless it is explicitly allowed", () => {
    const base = { NODE_ENV: "production", SIGNING_SECRET: secret };
    expect(productionProblems(loadConfig(base))).toEqual([
      expect.stringContaining("ALLOW_SANDBOX_PAYMENTS=true"),
    ]);
    // Half a Stripe configuration still means the sandbox.
    expect(productionProblems(loadConfig({ ...base, STRIPE_SECRET_KEY: "sk_live_x" }))).toHaveLength(1);
    expect(productionProblems(loadConfig({ ...base, ALLOW_SANDBOX_PAYMENTS: "true" }))).toEqual([]);
  });

  it("refuses an explicit SEED_DEMO=true, and ignores the default", () => {
    const base = { NODE_ENV: "production", SIGNING_SECRET: secret, ...stripe };
    expect(productionProblems(loadConfig({ ...base, SEED_DEMO: "true" }))).toEqual([
      expect.stringContaining("SEED_DEMO=true"),
    ]);
    expect(productionProblems(loadConfig({ ...base, SEED_DEMO: "false" }))).toEqual([]);
  });

  it("lists every problem at once", () => {
    expect(productionProblems(loadConfig({ NODE_ENV: "production", SEED_DEMO: "true" }))).toHaveLength(3);
  });
});
