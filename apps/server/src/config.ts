import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  DEFAULT_DEPOSIT_MINIMUM_PERCENT,
  DEFAULT_DISCOUNT_LIMITS,
  DEFAULT_QUOTE_EXPIRY_DAYS,
  manifestTimesSchema,
} from "@loupe/domain";
import { z } from "zod";

/**
 * The checkout the server runs from: the nearest folder above this code that holds the migrations.
 * Found by walking up rather than by a fixed number of `..`, because this file runs both from
 * `apps/server/src` (tsx, tests) and bundled into `apps/server/dist/main.js`. A deployment that
 * moves the bundle elsewhere sets MIGRATIONS_DIR and WEB_DIST instead.
 */
function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, "apps/server/drizzle"))) return dir;
    if (path.dirname(dir) === dir) return process.cwd();
  }
}
const repoRoot = findRepoRoot(path.dirname(fileURLToPath(import.meta.url)));

/** Development's signing secret: fine on a laptop, refused in production (see productionProblems). */
export const DEV_SIGNING_SECRET = "loupe-dev-signing-secret-change-me";

const optional = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === "" ? undefined : v));

const shopifyShop = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]*\.myshopify\.com$/, "a shop's myshopify.com domain, e.g. loupe-au.myshopify.com")
  .optional();

const envSchema = z.object({
  NODE_ENV: z.string().default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("127.0.0.1"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optional,
  /**
   * The owner role's connection (ADR 0026): migrations and grants run through it, and the server
   * then connects as DATABASE_URL's role, which owns nothing. Unset: one role, as before.
   */
  DATABASE_OWNER_URL: optional,
  /**
   * A streaming read replica of DATABASE_URL (same role): reports, list exports and the read-only
   * parts of background runs read there (ADR 0040). Unset, or on PGlite: everything reads the primary.
   */
  DATABASE_READ_URL: optional,
  /** A replica further behind than this is skipped (reads go to the primary) until it catches up. */
  DATABASE_READ_MAX_LAG_SECONDS: z.coerce.number().positive().default(5),
  /** An administrator (e.g. `postgres`) with which the migration command creates both roles; optional. */
  DATABASE_ADMIN_URL: optional,
  /**
   * How long a request waits for a pooled connection (a free one, or a new one to open) before it is
   * answered 503: with the database down or every connection busy, a request never waits for ever.
   */
  DATABASE_CONNECT_TIMEOUT_SECONDS: z.coerce.number().positive().default(5),
  /**
   * The server's connections end any one statement running longer than this (PostgreSQL's
   * statement_timeout; 0 = none). Migrations run on a connection of their own without it.
   */
  DATABASE_STATEMENT_TIMEOUT_SECONDS: z.coerce.number().min(0).default(60),
  /**
   * The retention role's connection (issue 43): the only role that may call the access log's purge,
   * which destroys only what the retention periods say has expired. The migration command creates
   * and grants it; the server uses it for the log's part of a retention run. Unset with two roles:
   * the log is not purged.
   */
  DATABASE_RETENTION_URL: optional,
  /** Ed25519 private key (PKCS#8 PEM) that signs the access log's anchors; default a key file under DATA_DIR. */
  ANCHOR_SIGNING_KEY: optional,
  /** Where the anchor key is kept when ANCHOR_SIGNING_KEY is unset (created on first run, mode 600). */
  ANCHOR_KEY_FILE: optional,
  /** Minutes after which a moved head is anchored (issue 43: the unanchored tail is bounded); 0 = only at start, rows and retention. */
  ANCHOR_INTERVAL_MINUTES: z.coerce.number().min(0).default(10),
  /** Rows added after which the head is anchored at the next check (within a minute); 0 = by time only. */
  ANCHOR_EVERY_ROWS: z.coerce.number().int().min(0).default(1000),
  /** The privacy officer's address: each anchor is e-mailed there through the outbox. */
  PRIVACY_OFFICER_EMAIL: optional.pipe(z.email().optional()),
  /**
   * The smallest deposit a quote is accepted into a job with, as a percent of its total (issue 44,
   * ADR 0057); rounded up to the cent by the domain's `depositMinimum`. 0 lets a job start unpaid.
   */
  DEPOSIT_MINIMUM_PERCENT: z.coerce.number().min(0).max(100).default(DEFAULT_DEPOSIT_MINIMUM_PERCENT),
  /** How long a quote stays open, in days on its outlet's clock (issue 44, ADR 0058): it expires at the end of that day. */
  QUOTE_EXPIRY_DAYS: z.coerce.number().int().min(1).max(365).default(DEFAULT_QUOTE_EXPIRY_DAYS),
  /**
   * The largest line discount, in percent of the line, a staff member (resp. a manager) gives
   * without a manager's approval (ADR 0058); administrators have no limit.
   */
  QUOTE_DISCOUNT_LIMIT_STAFF_PERCENT: z.coerce
    .number()
    .min(0)
    .max(100)
    .default(DEFAULT_DISCOUNT_LIMITS.staffPercent),
  QUOTE_DISCOUNT_LIMIT_MANAGER_PERCENT: z.coerce
    .number()
    .min(0)
    .max(100)
    .default(DEFAULT_DISCOUNT_LIMITS.managerPercent),
  /** How long a receipt link opens, in days (default two years). */
  RECEIPT_LINK_TTL_DAYS: z.coerce.number().int().positive().default(730),
  PUBLIC_URL: optional,
  LOG_LEVEL: z.string().default("info"),
  BRAND_NAME: z.string().default("Loupe"),
  TOKEN_TTL_HOURS: z.coerce.number().positive().default(12),
  /** How long a checked session is remembered at most (ADR 0020); 0 checks every call in the database. */
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
  RESET_TOKEN_TTL_MINUTES: z.coerce.number().positive().default(60),
  SMTP_URL: optional,
  MAIL_FROM: z.string().default("Loupe <no-reply@loupe.test>"),
  OUTBOX_POLL_SECONDS: z.coerce.number().positive().default(5),
  OUTBOX_MAX_TRIES: z.coerce.number().int().positive().default(8),
  OUTBOX_RETRY_BASE_SECONDS: z.coerce.number().positive().default(30),
  /**
   * The background queue (ADR 0054): the longest wait between looks for due tasks, the runs before
   * a failing task is dead, and the first retry's wait (doubling, jittered, up to ten minutes).
   */
  QUEUE_POLL_SECONDS: z.coerce.number().positive().default(1),
  QUEUE_MAX_ATTEMPTS: z.coerce.number().int().positive().default(5),
  QUEUE_RETRY_BASE_SECONDS: z.coerce.number().positive().default(5),
  /**
   * Sales from the point of sale and the web shop (issue 45): seconds between syncs of every
   * store's change feed (0: no schedule, "sync now" only).
   */
  /** Seconds between incremental runs of the duplicate finder (issue 46); 0 registers no schedule. */
  DUPLICATE_FINDER_SECONDS: z.coerce.number().int().min(0).default(3600),
  INTAKE_SYNC_SECONDS: z.coerce.number().int().min(0).default(300),
  /**
   * Webhook deliveries processed at once by one server (each holds a pool connection while it
   * runs), and how many more wait their turn; past that a delivery is answered 503 with
   * Retry-After and the provider sends it again. Well below the pool of 10 connections.
   */
  INTAKE_WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).default(3),
  INTAKE_WEBHOOK_BACKLOG: z.coerce.number().int().min(0).default(200),
  /** Rows an import writes per transaction (issue 46): each commits its records, their keys and the cursor. */
  IMPORT_BATCH_ROWS: z.coerce.number().int().min(1).max(10_000).default(1000),
  SEED_DEMO: z.enum(["true", "false"]).default("true"),
  WEB_DIST: optional,
  MIGRATIONS_DIR: optional,
  MEILISEARCH_URL: optional,
  MEILISEARCH_KEY: optional,
  STRIPE_SECRET_KEY: optional,
  STRIPE_PUBLISHABLE_KEY: optional,
  STRIPE_SECRET_KEY_CAD: optional,
  STRIPE_PUBLISHABLE_KEY_CAD: optional,
  /** Another Stripe API host (a local stand-in in tests), e.g. http://127.0.0.1:12111. */
  STRIPE_API_URL: optional,
  TWILIO_ACCOUNT_SID: optional,
  TWILIO_AUTH_TOKEN: optional,
  TWILIO_FROM: optional,
  /** Another Twilio API host (the local stand-in in tests), e.g. http://127.0.0.1:12112. */
  TWILIO_API_URL: optional,
  /**
   * How often uncollected-job reminders are looked for, in seconds (issue 27); 0 never (tests
   * run a round themselves).
   */
  READY_REMINDER_SWEEP_SECONDS: z.coerce.number().int().min(0).default(600),
  /**
   * How often the recall run looks for steps due on each outlet's clock, in seconds (issue 28); 0
   * never (tests run a round themselves). A step is done once whatever the interval.
   */
  RECALL_RUN_SECONDS: z.coerce.number().int().min(0).default(300),
  S3_ENDPOINT: optional,
  S3_REGION: z.string().default("ap-southeast-2"),
  S3_BUCKET: optional,
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  SHOP_URL: z.string().default("https://shop.loupe.test"),
  CLASSIC_APP_URL: z.string().default("https://classic.loupe.test"),
  POS_URL: z.string().default("https://pos.loupe.test"),
  /** Where receipt links point: `{RECEIPT_URL}/receipt/show/{orderId}/{token}`; default PUBLIC_URL/shop-api. */
  RECEIPT_URL: optional,
  /**
   * Keys of the receipt-link HMAC, comma-separated, newest first: links are signed with the first
   * and accepted with any, so a key can be rotated without breaking links already sent. Default:
   * derived from SIGNING_SECRET.
   */
  RECEIPT_TOKEN_KEYS: optional,
  /** The seller's tax registrations printed on receipts. */
  TAX_ID_AU: z.string().default("51 824 753 556"),
  TAX_ID_NZ: z.string().default("123-456-789"),
  TAX_ID_CA: z.string().default("123456789 RT0001"),
  TAX_ID_QC: z.string().default("1234567890 TQ0001"),
  /** The selling company per country, as registered. */
  LEGAL_NAME_AU: z.string().default("Loupe Eyewear Pty Ltd"),
  LEGAL_NAME_NZ: z.string().default("Loupe Eyewear NZ Limited"),
  LEGAL_NAME_CA: z.string().default("Loupe Eyewear Canada Inc."),
  // Empty counts as unset: an empty HMAC key would sign anything anyone can reproduce.
  SIGNING_SECRET: optional.transform((v) => v ?? DEV_SIGNING_SECRET),
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  LOGIN_WINDOW_MINUTES: z.coerce.number().positive().default(15),
  /**
   * The public pages (the status link, receipts and credit notes) per address: this many requests in
   * PUBLIC_PAGE_WINDOW_MINUTES, then 429 until the window ends (ADR 0055).
   */
  PUBLIC_PAGE_MAX_REQUESTS: z.coerce.number().int().positive().default(60),
  PUBLIC_PAGE_WINDOW_MINUTES: z.coerce.number().positive().default(10),
  RESET_MAX_REQUESTS: z.coerce.number().int().positive().default(3),
  TRUSTED_PROXIES: optional,
  ALLOW_SANDBOX_PAYMENTS: z.enum(["true", "false"]).default("false"),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().positive().default(10),
  METRICS_TOKEN: optional,
  COURIER_TIMEOUT_MS: z.coerce.number().int().positive().default(15000),
  RATE_CARD_FILE: optional,
  AUSPOST_API_KEY: optional,
  AUSPOST_API_PASSWORD: optional,
  AUSPOST_ACCOUNT_NUMBER: optional,
  AUSPOST_BASE_URL: z.string().default("https://digitalapi.auspost.com.au/shipping/v1"),
  SENDLE_ID: optional,
  SENDLE_API_KEY: optional,
  SENDLE_BASE_URL: optional,
  TRACKING_POLL_SECONDS: z.coerce.number().min(0).default(300),
  SHIPPING_DELIVERED_ITEM_STATUS: z.enum(["none", "dispatched", "collected-by-customer"]).default("none"),
  LENS_DROP_DIR: optional,
  LAB_API_HOYA_URL: optional,
  LAB_API_HOYA_KEY: optional,
  LAB_API_SHAMIR_URL: optional,
  LAB_API_SHAMIR_KEY: optional,
  LENS_SUPPLIER_TIMEOUT_MS: z.coerce.number().int().positive().default(15000),
  LAB_SIMULATOR: optional.pipe(z.enum(["true", "false"]).optional()),
  /**
   * A query on the outer database handle inside an open transaction throws (ADR 0023). Default on,
   * except in production on PostgreSQL; on PGlite the alternative is a wait for ever.
   */
  DB_TX_GUARD: optional.pipe(z.enum(["true", "false"]).optional()),
  LAB_SIMULATOR_STEP_SECONDS: z.coerce.number().positive().default(60),
  LENS_STATUS_POLL_SECONDS: z.coerce.number().min(0).default(60),
  MANIFEST_TIMES: manifestTimesSchema.prefault("17:30"),
  MANIFEST_CHECK_SECONDS: z.coerce.number().min(0).default(300),
  /**
   * Sales from outside (issue 45): without a configured store for a region, a local stand-in of the
   * provider's API serves it and sells now and then (on outside production unless false; in
   * production only when set to true). 0 seconds: the stand-ins never sell by themselves.
   */
  INTAKE_STAND_INS: optional.pipe(z.enum(["true", "false"]).optional()),
  INTAKE_STAND_IN_SELL_SECONDS: z.coerce.number().min(0).default(90),
  /**
   * Shopify, one shop per region (AU, NZ, CA): its myshopify.com domain, an Admin API access token
   * with read_orders, and the app's client secret (the key of the webhooks' HMAC); all three or
   * none. _URL: another API host (a proxy); default https://{shop}.
   */
  SHOPIFY_AU_SHOP: optional.pipe(shopifyShop),
  SHOPIFY_AU_ACCESS_TOKEN: optional,
  SHOPIFY_AU_API_SECRET: optional,
  SHOPIFY_AU_URL: optional,
  SHOPIFY_NZ_SHOP: optional.pipe(shopifyShop),
  SHOPIFY_NZ_ACCESS_TOKEN: optional,
  SHOPIFY_NZ_API_SECRET: optional,
  SHOPIFY_NZ_URL: optional,
  SHOPIFY_CA_SHOP: optional.pipe(shopifyShop),
  SHOPIFY_CA_ACCESS_TOKEN: optional,
  SHOPIFY_CA_API_SECRET: optional,
  SHOPIFY_CA_URL: optional,
  /** The Admin API version called and expected in webhooks (Shopify keeps each for a year). */
  SHOPIFY_API_VERSION: z
    .string()
    .regex(/^(\d{4}-(01|04|07|10)|unstable)$/, "a Shopify API version such as 2025-10")
    .default("2025-10"),
  /** Deadline of every Shopify API call, in milliseconds. */
  SHOPIFY_TIMEOUT_MS: z.coerce.number().int().positive().default(15000),
  /** The Shopify stand-in's port on 127.0.0.1; 0 = any free port. */
  SHOPIFY_STAND_IN_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /**
   * Lightspeed Retail X-Series, one retailer per region: its domain prefix (the store is
   * https://{prefix}.retail.lightspeed.app), an API token (personal or OAuth, sent as Bearer), and
   * the app's client secret that signs its webhooks (without it webhooks are refused and the sync
   * alone brings sales in). _URL replaces the store's address (a proxy or a test server).
   */
  LIGHTSPEED_AU_DOMAIN_PREFIX: optional,
  LIGHTSPEED_AU_TOKEN: optional,
  LIGHTSPEED_AU_CLIENT_SECRET: optional,
  LIGHTSPEED_AU_URL: optional,
  LIGHTSPEED_NZ_DOMAIN_PREFIX: optional,
  LIGHTSPEED_NZ_TOKEN: optional,
  LIGHTSPEED_NZ_CLIENT_SECRET: optional,
  LIGHTSPEED_NZ_URL: optional,
  LIGHTSPEED_CA_DOMAIN_PREFIX: optional,
  LIGHTSPEED_CA_TOKEN: optional,
  LIGHTSPEED_CA_CLIENT_SECRET: optional,
  LIGHTSPEED_CA_URL: optional,
  /** Deadline of every Lightspeed API call, in milliseconds. */
  LIGHTSPEED_TIMEOUT_MS: z.coerce.number().int().positive().default(15000),
  /** The Lightspeed stand-in's port on 127.0.0.1 (0 = any free port). */
  LIGHTSPEED_STAND_IN_PORT: z.coerce.number().int().min(0).max(65535).default(0),
});

export type Env = z.infer<typeof envSchema>;

/** Every variable the server reads; `.env.example` documents each one (a test keeps them in step). */
export const ENV_KEYS = Object.keys(envSchema.shape) as (keyof Env)[];

export interface Config extends Env {
  dataDir: string;
  filesDir: string;
  webDist: string;
  migrationsDir: string;
  publicUrl: string;
  /** Addresses or CIDR ranges of the reverse proxies whose X-Forwarded-For is believed; none by default. */
  trustedProxies: string[];
  /** Whether to seed the demo data: SEED_DEMO, and never in production. */
  seedDemo: boolean;
  /** Where file-drop lens orders are written. */
  lensDropDir: string;
  /** Whether the local lab simulator stands in for unconfigured automatic interfaces. */
  labSimulator: boolean;
  /** Whether local stand-ins serve the sales sources' regions that have no configured store (issue 45). */
  intakeStandIns: boolean;
  /** Whether a query on the outer handle inside an open transaction throws (ADR 0023). */
  dbTxGuard: boolean;
  /** Whether SEED_DEMO was set explicitly (an explicit `true` in production is refused, not ignored). */
  seedDemoRequested: boolean;
  /** The anchor key file (ANCHOR_KEY_FILE or DATA_DIR/access-log-anchor-key.pem). */
  anchorKeyFile: string;
}

/** The only reader of process.env. Tests pass their own overrides instead. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  if (e.DATABASE_READ_URL && !e.DATABASE_URL)
    throw new Error(
      "Invalid configuration:\nDATABASE_READ_URL: a read replica needs its primary in DATABASE_URL (the embedded database has none)",
    );
  if (e.DATABASE_OWNER_URL && !e.DATABASE_URL)
    throw new Error(
      "Invalid configuration:\nDATABASE_URL: the server's own role is needed when DATABASE_OWNER_URL is set",
    );
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    ...e,
    seedDemo: e.SEED_DEMO === "true" && e.NODE_ENV !== "production",
    seedDemoRequested: env.SEED_DEMO !== undefined && env.SEED_DEMO.trim() !== "",
    dataDir,
    filesDir: path.join(dataDir, "files"),
    anchorKeyFile: path.resolve(e.ANCHOR_KEY_FILE ?? path.join(dataDir, "access-log-anchor-key.pem")),
    lensDropDir: path.resolve(e.LENS_DROP_DIR ?? path.join(dataDir, "lens-drop")),
    dbTxGuard: e.DB_TX_GUARD ? e.DB_TX_GUARD === "true" : !(e.NODE_ENV === "production" && e.DATABASE_URL),
    labSimulator: e.LAB_SIMULATOR ? e.LAB_SIMULATOR === "true" : e.NODE_ENV !== "production",
    intakeStandIns: e.INTAKE_STAND_INS ? e.INTAKE_STAND_INS === "true" : e.NODE_ENV !== "production",
    webDist: path.resolve(e.WEB_DIST ?? path.join(repoRoot, "apps/web/dist")),
    migrationsDir: path.resolve(e.MIGRATIONS_DIR ?? path.join(repoRoot, "apps/server/drizzle")),
    trustedProxies: (e.TRUSTED_PROXIES ?? "")
      .split(",")
      .map((p) => p.trim())
      .filter(Boolean),
    publicUrl: (e.PUBLIC_URL ?? `http://${e.HOST === "0.0.0.0" ? "localhost" : e.HOST}:${e.PORT}`).replace(
      /\/$/,
      "",
    ),
  };
}

/**
 * What makes this configuration unfit for production: the development signing secret, the sandbox
 * payment gateway (no Stripe keys) unless ALLOW_SANDBOX_PAYMENTS=true, an explicit SEED_DEMO=true.
 * Empty outside production. main.ts refuses to start while it is not empty.
 */
export function productionProblems(config: Config): string[] {
  if (config.NODE_ENV !== "production") return [];
  const problems: string[] = [];
  if (config.SIGNING_SECRET === DEV_SIGNING_SECRET)
    problems.push(
      "SIGNING_SECRET is the development default: set a random secret of at least 32 characters.",
    );
  else if (config.SIGNING_SECRET.length < 32)
    problems.push("SIGNING_SECRET is shorter than 32 characters: set a longer random secret.");
  if (
    !(config.STRIPE_SECRET_KEY && config.STRIPE_PUBLISHABLE_KEY) &&
    config.ALLOW_SANDBOX_PAYMENTS !== "true"
  )
    problems.push(
      "No Stripe keys (STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY): card payments would go to the local sandbox " +
        "gateway. Set the keys, or ALLOW_SANDBOX_PAYMENTS=true for a rehearsal installation.",
    );
  if (config.seedDemoRequested && config.SEED_DEMO === "true")
    problems.push("SEED_DEMO=true: demo data is never seeded in production. Remove SEED_DEMO.");
  return problems;
}
