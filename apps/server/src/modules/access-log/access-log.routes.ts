import {
  customerAccessReport,
  exportCustomerRecord,
  listDestructions,
  listRetentionRules,
  retentionDryRun,
  runRetention,
  staffAccessReport,
  updateRetentionRule,
} from "@loupe/contract";
import { create as contentDisposition } from "content-disposition";
import type { ModuleContext } from "../module-context";
import { recordRequestAccess } from "./access-log.hook";
import { requestContext } from "./access-log.record";
import { assertAdministrator, createAccessLogService } from "./access-log.service";
import { startAnchoring } from "./anchoring";
import { exportCustomerRecord as buildExport } from "./customer-export.queries";
import { createLogPurger } from "./log-purge";
import { createRetentionService } from "./retention.service";

export function registerAccessLogRoutes({
  app,
  bind,
  config,
  database,
  readDb,
  storage,
  outbox,
  queue,
}: ModuleContext): void {
  const anchors = startAnchoring({ app, config, database, storage, outbox, queue });
  const retention = createRetentionService(database, storage, createLogPurger(config, database), () =>
    anchors.write("retention"),
  );

  for (const [endpoint, by] of [
    [customerAccessReport, "customer"],
    [staffAccessReport, "staff"],
  ] as const) {
    bind(endpoint, async ({ staff, params, query, req, reply }) => {
      assertAdministrator(staff);
      // The reports read the replica when it is caught up (ADR 0040); this call's own row goes to the primary.
      const reports = createAccessLogService(await readDb.database());
      if (query.format === "csv") {
        const csv = await reports.csv(by, params.id, query);
        await recordRequestAccess(database, req, { customerId: by === "customer" ? params.id : null });
        return reply
          .header("content-type", "text/csv; charset=utf-8")
          .header("content-disposition", contentDisposition(`access-log-${by}-${params.id}.csv`))
          .send(csv);
      }
      return reports.page(by, params.id, query);
    });
  }

  bind(exportCustomerRecord, async ({ staff, params, req, reply }) => {
    assertAdministrator(staff);
    const { zip } = await buildExport(database, storage, params.id, {
      id: staff.id,
      name: `${staff.firstName} ${staff.lastName}`.trim(),
    });
    // The export is itself a disclosure: logged before the archive leaves.
    await recordRequestAccess(database, req, { customerId: params.id });
    return reply
      .header("content-type", "application/zip")
      .header("content-disposition", contentDisposition(`customer-${params.id}-record.zip`))
      .send(Buffer.from(zip));
  });

  bind(listRetentionRules, async ({ staff }) => {
    assertAdministrator(staff);
    return { data: await retention.listRules() };
  });
  bind(updateRetentionRule, async ({ staff, params, body }) => {
    assertAdministrator(staff);
    return {
      data: await retention.setRule(staff.id, params.id, body.health_record_years, body.access_log_years),
    };
  });
  bind(retentionDryRun, async ({ staff }) => {
    assertAdministrator(staff);
    return { data: await retention.plan() };
  });
  bind(runRetention, async ({ staff, req }) => {
    assertAdministrator(staff);
    const actor = requestContext(req).staff!;
    return { data: await retention.destroy(actor, req.sessionId!) };
  });
  bind(listDestructions, async ({ staff }) => {
    assertAdministrator(staff);
    return { data: await retention.destructions() };
  });
}
