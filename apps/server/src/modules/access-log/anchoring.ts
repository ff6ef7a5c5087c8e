import type { FastifyInstance } from "fastify";
import type { Config } from "../../config";
import type { FileStorage } from "../../integrations/file-storage";
import type { Database } from "../../platform/db/client";
import type { Queue } from "../../platform/queue/queue";
import type { OutboxService } from "../outbox";
import { type AnchorWriter, anchorEmail, anchorKey, createAnchorWriter, fileStoreAnchors } from "./anchor";

/**
 * Anchors the access log (ADR 0026, issue 43): once the app is ready when the head moved since the
 * latest anchor, then whenever ANCHOR_EVERY_ROWS rows were added or ANCHOR_INTERVAL_MINUTES passed
 * with the head moved (checked every minute at most), and after every retention run: what is not
 * anchored is bounded. Each anchor goes to the database, the file store and, first of the day,
 * start and retention, to PRIVACY_OFFICER_EMAIL through the outbox.
 */
export function startAnchoring(deps: {
  app: FastifyInstance;
  config: Config;
  database: Database;
  storage: FileStorage;
  outbox: OutboxService;
  queue: Queue;
}): AnchorWriter {
  const { app, config, outbox } = deps;
  const officer = config.PRIVACY_OFFICER_EMAIL;
  let writer: AnchorWriter | null = null;
  const get = () => {
    writer ??= createAnchorWriter({
      database: deps.database,
      store: fileStoreAnchors(deps.storage),
      key: anchorKey(config, true)!,
      mail: officer
        ? (signed) =>
            outbox.sendEmail(
              { to: officer, ...anchorEmail(signed, config.BRAND_NAME) },
              { kind: "access_log_anchor" },
            )
        : undefined,
    });
    return writer;
  };
  const limits = { rows: config.ANCHOR_EVERY_ROWS, minutes: config.ANCHOR_INTERVAL_MINUTES };
  // Checked once a minute (or per interval, when shorter) however many processes run: a schedule
  // on the queue (ADR 0054); an anchor is written only when rows or minutes say it is due.
  const checkEverySeconds = limits.minutes > 0 ? Math.min(60, limits.minutes * 60) : 60;
  deps.queue.every("access-log.anchor", checkEverySeconds, async () => {
    await get().writeIfDue(limits);
  });
  app.addHook("onReady", async () => {
    await get().writeIfDue({ rows: 1, minutes: 0 }, "start");
  });
  return {
    write: (reason) => get().write(reason),
    writeIfDue: (l, reason) => get().writeIfDue(l, reason),
  };
}
