import fs from "node:fs";
import path from "node:path";
import multipart from "@fastify/multipart";
import fastifyStatic from "@fastify/static";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance, type FastifyReply } from "fastify";
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from "fastify-type-provider-zod";
import type { Config } from "./config";
import { type Couriers, createCouriers } from "./integrations/couriers";
import { createEmailSender, type EmailSender } from "./integrations/email";
import { createFileStorage, type FileStorage } from "./integrations/file-storage";
import { createLensSuppliers, type LensSupplierOptions } from "./integrations/lens-suppliers";
import { createPaymentGateway, type PaymentGateway } from "./integrations/payments";
import { createSalesStores, type SalesStores } from "./integrations/sales";
import { createSearch, fillSearchIndex, logIndexWriteFailures, type SearchPort } from "./integrations/search";
import { createSmsSender, type SmsSender } from "./integrations/sms";
import { moduleRoutes } from "./modules";
import { createAccessHook } from "./modules/access-log";
import { findApprovals } from "./modules/approvals";
import { createSessionLookup } from "./modules/auth";
import { customersSearchIndex } from "./modules/customers";
import { regionSkus } from "./modules/intake";
import { createJobRuleCheck } from "./modules/job-rules";
import { ordersSearchIndex } from "./modules/jobs";
import type { ModuleContext } from "./modules/module-context";
import { createOutboxService, type OutboxService } from "./modules/outbox";
import { readRoleSettings } from "./modules/settings";
import type { Database } from "./platform/db/client";
import { createReadClient, type ReadClient } from "./platform/db/read-client";
import { setTransactionGuard } from "./platform/db/request-transaction";
import { authGuard, type CheckedSession } from "./platform/http/auth-guard";
import { BEARER_SCHEME, createBinder } from "./platform/http/bind";
import { contentSecurityPolicy } from "./platform/http/content-security-policy";
import { errorBody, installErrorHandler } from "./platform/http/error-handler";
import { listNullInNullableEnums } from "./platform/http/openapi-nullable";
import { securityHeaders } from "./platform/http/security-headers";
import { createSessionCache, followAuthChanges } from "./platform/http/session-cache";
import { loggerOptions, requestIdFor } from "./platform/logger";
import { registerHealthRoutes } from "./platform/ops/health";
import { registerMetrics } from "./platform/ops/metrics";
import { createQueue, type Queue } from "./platform/queue/queue";
import { registerQueueRoutes } from "./platform/queue/queue.routes";
import { createSlots } from "./platform/slots";

declare module "fastify" {
  interface FastifyInstance {
    /** The outbox service, for tests that wait on background delivery. */
    outbox: OutboxService;
    /** Where long reads go (ADR 0040), for tests that check which server answered. */
    readDb: ReadClient;
    /** The background queue (ADR 0054), for tests that run due tasks or look at the dead letter. */
    queue: Queue;
  }
}

export interface Adapters {
  email?: EmailSender | null;
  sms?: SmsSender | null;
  search?: SearchPort;
  storage?: FileStorage;
  payments?: PaymentGateway;
  couriers?: Couriers;
  /** The lab simulator's clock and automatic interfaces by kind (tests point them at stand-ins). */
  lens?: Omit<LensSupplierOptions, "sendEmail">;
  /** The point of sale's and web shop's stores (issue 45); by default the configured ones or their stand-ins. */
  sales?: SalesStores;
}

export interface BuildAppOptions {
  config: Config;
  database: Database;
  adapters?: Adapters;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them back). */
  logStream?: { write(line: string): void };
}

const API_PREFIXES = ["/api", "/legacy-api", "/shop-api", "/docs"];
const isApiPath = (url: string) =>
  API_PREFIXES.some((p) => url === p || url.startsWith(`${p}/`) || url.startsWith(`${p}?`));

/** The composition root: tests call it with their own database and adapters; main.ts with the real ones. */
export async function buildApp({
  config,
  database,
  adapters = {},
  logger = true,
  logStream,
}: BuildAppOptions): Promise<FastifyInstance> {
  setTransactionGuard(config.dbTxGuard);
  const app = Fastify({
    logger: logger ? loggerOptions(config.LOG_LEVEL, logStream) : false,
    bodyLimit: 1_048_576,
    // Only the proxies named in configuration may say who the client is (X-Forwarded-For);
    // otherwise the sign-in throttle per address could be dodged with a made-up header.
    trustProxy: config.trustedProxies.length ? config.trustedProxies : false,
    requestIdHeader: false,
    genReqId: (req) => requestIdFor(req.headers["x-request-id"]),
    ajv: undefined,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest("staff", null);
  app.decorateRequest("sessionId", null);
  installErrorHandler(app);
  const security = securityHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "same-origin" },
  });
  // Callback hooks, not async ones: every request passes them, and a promise per hook is measurable.
  app.addHook("onRequest", (req, reply, done) => {
    reply.headers(security);
    reply.header("x-request-id", req.id);
    done();
  });
  app.addHook("onSend", (req, reply, payload, done) => {
    // API answers hold customer data: never kept by the browser or a shared cache.
    if (isApiPath(req.url) && !reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
    done(null, payload);
  });
  // Reports and exports read the replica when one is configured and caught up (ADR 0040).
  const readDb = createReadClient(database, {
    url: config.DATABASE_READ_URL,
    maxLagSeconds: config.DATABASE_READ_MAX_LAG_SECONDS,
  });
  app.decorate("readDb", readDb);
  // Every background task of every module runs on this one queue (ADR 0054); it starts once the app is ready.
  const queue = createQueue({
    database,
    log: app.log,
    pollSeconds: config.QUEUE_POLL_SECONDS,
    maxAttempts: config.QUEUE_MAX_ATTEMPTS,
    retry: { baseMs: config.QUEUE_RETRY_BASE_SECONDS * 1000, maxMs: 10 * 60_000 },
  });
  app.decorate("queue", queue);
  registerMetrics(app, database, {
    queue,
    token: config.METRICS_TOKEN,
    allowFrom: config.trustedProxies,
    reads: readDb.state,
  });
  registerHealthRoutes(app, database, config.migrationsDir);

  await app.register(multipart, { limits: { fileSize: 10_024 * 1024 + 1, files: 10 } });
  await app.register(swagger, {
    openapi: {
      info: {
        title: "Loupe API",
        version: "1.0.0",
        description:
          "The staff back office's API: the staff API under /api, the older API under /legacy-api and the web-shop service under /shop-api. Sign in with POST /api/user/login and send the token as a bearer token.",
        license: { name: "Proprietary", url: "https://loupe.example.com/licence" },
      },
      servers: [{ url: config.publicUrl, description: "This installation" }],
      tags: [
        { name: "api", description: "The staff API" },
        { name: "legacy", description: "The older API, at the paths its clients call" },
        { name: "shop", description: "The web-shop service" },
      ],
      components: {
        securitySchemes: {
          [BEARER_SCHEME]: {
            type: "http",
            scheme: "bearer",
            description: "The token POST /api/user/login answers.",
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: (document) => listNullInNullableEnums(jsonSchemaTransformObject(document)),
  });
  // staticCSP hashes the page's own inline script, so the API document works under the CSP.
  await app.register(swaggerUi, { routePrefix: "/docs", staticCSP: true });

  const email = adapters.email === undefined ? createEmailSender(config) : adapters.email;
  const sms = adapters.sms === undefined ? createSmsSender(config) : adapters.sms;
  const outbox = createOutboxService({
    db: database.db,
    email,
    sms,
    log: app.log,
    retry: { maxTries: config.OUTBOX_MAX_TRIES, baseDelayMs: config.OUTBOX_RETRY_BASE_SECONDS * 1000 },
    revealOnConsole:
      config.NODE_ENV === "production" ? undefined : (line) => console.log(`[no e-mail adapter] ${line}`),
  });
  // Every index on the search port; a module with a new index adds it here.
  const searchIndexes = [customersSearchIndex, ordersSearchIndex];
  const search = logIndexWriteFailures(
    adapters.search ?? createSearch(config, database, searchIndexes),
    app.log,
  );
  // Sessions checked lately, trusted while the database's change notices come in (ADR 0020).
  const sessionCache = createSessionCache<CheckedSession>({ ttlMs: config.SESSION_CACHE_SECONDS * 1000 });
  const stopFollowing =
    config.SESSION_CACHE_SECONDS > 0 ? await followAuthChanges(database, sessionCache) : null;
  // A write this process answers (its transaction committed by now) may have changed a session or
  // a staff member: the caller's next call must not wait for the notice to come back round.
  app.addHook("onSend", (req, _reply, payload, done) => {
    if (req.method !== "GET" && req.method !== "HEAD") sessionCache.forgetAll();
    done(null, payload);
  });
  // The workshop's rulebook, checked by the binder before every declared call (ADR 0025).
  const checkJobRule = createJobRuleCheck({
    roleSettings: readRoleSettings,
    approvalsOf: async (db, q) =>
      (await findApprovals(db, q)).map(({ approver: a, ...approval }) => ({
        ...approval,
        approver: { roleId: a.approverRoleId, homeRegionId: a.approverHomeRegionId, outletCountryCode: null },
      })),
  });
  // Sales from outside (issue 45): the stand-ins deliver to this server's own webhook and sell
  // from the region's catalogue; stopped when the app closes.
  const sales =
    adapters.sales ??
    (await createSalesStores(config, {
      webhookUrl: (key) => `${config.publicUrl}/api/intake/webhooks/${encodeURIComponent(key)}`,
      skus: (regionId) => regionSkus(database.db, regionId),
      sellEverySeconds: config.INTAKE_STAND_IN_SALE_SECONDS,
    }));
  const ctx: ModuleContext = {
    app,
    bind: createBinder(
      app,
      authGuard(createSessionLookup(database.db), sessionCache),
      createAccessHook(database),
      (endpoint, req) => checkJobRule(database.db, endpoint, req),
    ),
    config,
    couriers: adapters.couriers ?? createCouriers(config, database.db),
    database,
    db: database.db,
    lensSuppliers: createLensSuppliers(config, database.db, {
      ...adapters.lens,
      // Supplier e-mails go through the outbox like every other: queued, retried, kept (ADR 0010).
      sendEmail: async (mail, key) => {
        await outbox.sendEmail(
          { to: mail.to, subject: mail.subject, text: mail.text, attachments: mail.attachments },
          { kind: "lens_order", idempotency_key: key },
        );
      },
    }),
    outbox,
    payments: adapters.payments ?? createPaymentGateway(config, database.db),
    queue,
    readDb,
    sales,
    search,
    slots: createSlots(),
    storage: adapters.storage ?? createFileStorage(config),
  };
  for (const register of moduleRoutes) await register(ctx);
  registerQueueRoutes(ctx.bind, queue);

  const indexHtml = path.join(config.webDist, "index.html");
  if (fs.existsSync(indexHtml)) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: true,
      index: false,
      // The build writes .br and .gz beside each asset (apps/web/scripts/compress.mjs).
      preCompressed: true,
      // Vite fingerprints asset names, so they can be cached for good; index.html never is.
      // @fastify/static 10 hands setHeaders the Fastify reply, not the raw response.
      setHeaders: (reply: unknown, filePath: string) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          (reply as FastifyReply).header("cache-control", "public, max-age=31536000, immutable");
        }
      },
    });
    app.get("/", { schema: { hide: true } }, (_req, reply) =>
      reply.type("text/html").header("cache-control", "no-cache").send(fs.createReadStream(indexHtml)),
    );
  }
  app.setNotFoundHandler((req, reply) => {
    // HEAD as well as GET: a monitor or link checker that probes a page with HEAD must find it too.
    const read = req.method === "GET" || req.method === "HEAD";
    if (isApiPath(req.url) || !read || !fs.existsSync(indexHtml)) {
      return reply.status(404).send(errorBody(req, "not_found", "Not found."));
    }
    // Client-side routes (/customers, /jobs, /reset-password/…) all load the SPA shell.
    return reply.type("text/html").header("cache-control", "no-cache").send(fs.createReadStream(indexHtml));
  });

  // An external search engine is filled from the database once, by whichever process gets there first.
  queue.define("search.fill", async ({ payload }) => {
    const index = searchIndexes.find((i) => i.name === payload.index);
    if (index) await fillSearchIndex(search, index, database, app.log, () => stopping);
  });
  let stopping = false;
  app.decorate("outbox", outbox);
  // Started once the app is ready, so no task runs while routes are still being registered.
  app.addHook("onReady", async () => {
    queue.start();
    for (const index of searchIndexes)
      await queue.enqueue("search.fill", { index: index.name }, { key: index.name }).catch((err) => {
        app.log.warn({ err, indexName: index.name }, "search index fill not queued");
      });
  });
  app.addHook("onClose", async () => {
    stopping = true;
    await sales.close();
    await stopFollowing?.();
    await queue.stop();
    await outbox.settle();
    await email?.close?.();
    await readDb.close();
  });
  return app;
}
