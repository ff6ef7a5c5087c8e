import type { FastifyInstance } from "fastify";
import type { Config } from "../../config";
import type { FileStorage } from "../../integrations/file-storage";
import type { Database } from "../../platform/db/client";
import type { Queue } from "../../platform/queue/queue";
import type { OutboxService } from "../outbox";
import { type AnchorWriter, anchorEmail, anchorKey, createAnchorWriter, fileStoreAnchors } from "./anchor";

/**
 * Anchors the access log (ADR 0026): once the app is ready when the latest anchor is older than
 * ANCHOR_INTERVAL_HOURS (or missing), then every interval, and after every retention run. Each
 * anchor goes to the file store and, when PRIVACY_OFFICER_EMAIL is set, to the privacy officer
 * through the outbox.
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
  const hours = config.ANCHOR_INTERVAL_HOURS;
  // One anchor per interval however many processes run: a schedule on the queue (ADR 0054).
  deps.queue.every("access-log.anchor", hours * 3600, () => get().write("daily"));
  app.addHook("onReady", async () => {
    await get().writeIfOlderThan(hours > 0 ? hours : Number.POSITIVE_INFINITY, "start");
  });
  return {
    write: (reason) => get().write(reason),
    writeIfOlderThan: (h, reason) => get().writeIfOlderThan(h, reason),
  };
}
