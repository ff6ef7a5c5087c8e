import { exportCustomers, exportJobs, exportOutbox, exportRecalls, exportSubscribers } from "@loupe/contract";
import { type ExportList, exportRefusal, exportRegion, formatInstant } from "@loupe/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../../platform/http/app-error";
import type { StaffUserRow } from "../../platform/http/auth-guard";
import { sendCsvStream } from "../../platform/http/csv-stream";
import { recordRequestAccess } from "../access-log";
import { customerNotesCountSqlSlot, customersExportReader } from "../customers";
import { jobsExportReader, orderNotesCountSqlSlot } from "../jobs";
import type { ModuleContext } from "../module-context";
import { subscribersExportReader } from "../newsletter";
import { outboxExportReader } from "../outbox";
import { recallsExportReader } from "../recalls";
import { outletTimeZoneOf, referenceData } from "../reference";
import {
  type CsvColumns,
  customerColumns,
  jobColumns,
  outboxColumns,
  recallColumns,
  subscriberColumns,
} from "./export-columns";

/**
 * Rows per database batch: small enough that a batch's objects die young (a batch waiting on a slow
 * client outlives the young generation's collections and is promoted otherwise), large enough that
 * the statement's cost is shared (1M customers: ~2,000 statements).
 */
const BATCH = 500;

/** Keys of a list's query that say nothing about which rows it holds. */
const NOT_FILTERS = new Set(["page", "per_page", "r"]);

/**
 * What the access log keeps of an export in its field list: the filters as `name=value`, and the
 * rows written (`rows=1234`). The log is the place that names who saw which customers, so a search
 * term is kept as it was typed.
 */
export function exportDetail(query: Record<string, unknown>, rows: number): string[] {
  const filters = Object.entries(query)
    .filter(([k, v]) => !NOT_FILTERS.has(k) && v !== undefined && v !== null && v !== "")
    .map(([k, v]) => `${k}=${Array.isArray(v) ? v.join("|") : String(v)}`)
    .sort();
  return [...filters, `rows=${rows}`];
}

/**
 * The rows batch by batch as CSV text, counting them as they go; `finish` runs after the last
 * batch and before the download ends, so no download completes without its access-log row.
 */
async function* csvChunks<Row>(
  columns: CsvColumns<Row>,
  batches: AsyncIterable<Row[]>,
  count: { rows: number },
  finish: () => Promise<void>,
): AsyncGenerator<string> {
  yield columns.header;
  for await (const rows of batches) {
    count.rows += rows.length;
    yield columns.batch(rows);
  }
  await finish();
}

export function registerExportsRoutes({ bind, database, readDb, config, slots }: ModuleContext): void {
  const db = database.db;
  const brandSlug = config.BRAND_NAME.toLowerCase().replace(/[^a-z0-9]/g, "");
  const zoneOf = (staff: StaffUserRow) => outletTimeZoneOf(db, staff.outletId, staff.regionId);

  function refuseUnlessAllowed(staff: StaffUserRow, list: ExportList) {
    const refusal = exportRefusal(staff.roleId, list);
    if (refusal) throw new AppError("forbidden", refusal);
  }

  /** The query with the region the staff member may export (a manager: their own, ADR 0049). */
  function withinRegion<Q extends { region_id?: unknown }>(
    staff: StaffUserRow,
    list: ExportList,
    query: Q,
  ): Q {
    const asked = typeof query.region_id === "number" ? query.region_id : undefined;
    const scope = exportRegion(staff, list, asked);
    if ("refusal" in scope) throw new AppError("forbidden", scope.refusal);
    return scope.regionId === undefined ? query : { ...query, region_id: scope.regionId };
  }

  /**
   * Streams the export and writes its access-log row: who, which list, which filters, how many rows.
   * The row is written after the last batch and before the download ends (a failed write breaks the
   * download off); a download that broke off is written as failed, with the rows it had reached.
   * Anything refused or invalid was thrown before the first byte, as a plain 4xx.
   */
  async function stream<Row>(
    req: FastifyRequest,
    reply: FastifyReply,
    list: ExportList,
    zone: string,
    query: Record<string, unknown>,
    columns: CsvColumns<Row>,
    batches: AsyncIterable<Row[]>,
  ) {
    const count = { rows: 0 };
    let logged = false;
    const finish = async () => {
      await recordRequestAccess(database, req, { changedFields: exportDetail(query, count.rows) });
      logged = true;
    };
    // A file name sorts by date: the staff member's day, year first.
    const day = formatInstant(new Date(), zone, "YYYY-MM-DD");
    const end = await sendCsvStream(reply, `${list}-${day}.csv`, csvChunks(columns, batches, count, finish));
    if (!end.complete && end.error) req.log.error({ err: end.error }, `${list} export failed part-way`);
    if (!logged) {
      try {
        await recordRequestAccess(database, req, {
          changedFields: exportDetail(query, count.rows),
          outcome: "failed",
          reason: end.complete ? "aborted" : end.reason,
        });
      } catch (err) {
        req.log.error({ err }, "access log write failed after an export broke off");
      }
    }
    return reply;
  }

  bind(exportCustomers, async ({ staff, query: asked, req, reply }) => {
    refuseUnlessAllowed(staff, "customers");
    const query = withinRegion(staff, "customers", asked);
    // The rows from the read replica when it is caught up (ADR 0040); the access-log row to the primary.
    const read = customersExportReader(await readDb.database(), customerNotesCountSqlSlot.get(slots), query);
    const [reference, zone] = await Promise.all([referenceData(db), zoneOf(staff)]);
    return stream(req, reply, "customers", zone, query, customerColumns(reference, zone), read(BATCH));
  });

  bind(exportJobs, async ({ staff, query: asked, req, reply }) => {
    refuseUnlessAllowed(staff, "jobs");
    const query = withinRegion(staff, "jobs", asked);
    const zone = await zoneOf(staff);
    const read = await jobsExportReader(
      await readDb.database(),
      { brandSlug, timeZone: zone, notesCountSql: orderNotesCountSqlSlot.get(slots), slots },
      query,
    );
    const reference = await referenceData(db);
    return stream(req, reply, "jobs", zone, query, jobColumns(reference), read(BATCH));
  });

  bind(exportSubscribers, async ({ staff, query, req, reply }) => {
    refuseUnlessAllowed(staff, "subscribers");
    const zone = await zoneOf(staff);
    const read = subscribersExportReader(await readDb.database(), query.email);
    return stream(req, reply, "subscribers", zone, query, subscriberColumns(zone), read(BATCH));
  });

  bind(exportOutbox, async ({ staff, query, req, reply }) => {
    refuseUnlessAllowed(staff, "outbox");
    const zone = await zoneOf(staff);
    const read = outboxExportReader(await readDb.database(), query.status);
    return stream(req, reply, "outbox", zone, query, outboxColumns(zone), read(BATCH));
  });

  bind(exportRecalls, async ({ staff, query, req, reply }) => {
    refuseUnlessAllowed(staff, "recalls");
    const zone = await zoneOf(staff);
    const read = await recallsExportReader(database, staff, zone, query);
    return stream(req, reply, "recalls", zone, query, recallColumns(), read(BATCH));
  });
}
