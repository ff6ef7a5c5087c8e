import type { FastifyInstance } from "fastify";
import type { Config } from "../../config";
import type { FileStorage } from "../../integrations/file-storage";
import type { Database } from "../../platform/db/client";
import { runEvery } from "../../platform/run-every";
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
  let loop: { stop(): Promise<void> } | null = null;
  app.addHook("onReady", async () => {
    await get().writeIfOlderThan(hours > 0 ? hours : Number.POSITIVE_INFINITY, "start");
    loop = runEvery(
      hours * 3600,
      () => get().write("daily"),
      (err) => app.log.error({ err }, "access log anchor failed"),
    );
  });
  app.addHook("onClose", async () => {
    await loop?.stop();
  });
  return {
    write: (reason) => get().write(reason),
    writeIfOlderThan: (h, reason) => get().writeIfOlderThan(h, reason),
  };
}
