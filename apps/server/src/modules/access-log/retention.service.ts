import type { DestructionWire, RetentionPlanWire, RetentionRuleWire } from "@loupe/contract";
import type { FileStorage } from "../../integrations/file-storage";
import type { Database } from "../../platform/db/client";
import { inRequestTransaction } from "../../platform/db/request-transaction";
import { notFound } from "../../platform/http/app-error";
import { type AccessActor, recordAccess } from "./access-log.record";
import type { LogPurger } from "./log-purge";

/**
 * A region without a rule keeps the law's default (ADR 0013): NZ's Health (Retention of Health
 * Information) Regulations keep records 10 years after the last service; Ontario's optometry records
 * are kept 10 years after the last visit; Australia's health-records Acts (NSW, VIC, ACT) say 7 years
 * from the last service for adults. The log is kept as long as the records it is about. The defaults
 * live once, in the database's `retention_periods()` (migration 0042), which the log's purge reads
 * itself (issue 43); a customer without a region keeps the longest, at least FALLBACK_YEARS.
 */
const FALLBACK_YEARS = 10;

interface Rule {
  regionId: number;
  regionName: string;
  healthRecordYears: number;
  accessLogYears: number;
  updatedAt: Date | null;
}

interface Candidate {
  customer_id: number;
  region_id: number | null;
  last_activity_at: Date | string;
  prescriptions: number;
  pds: number;
  files: number;
}

const yearsAgo = (now: Date, years: number) => {
  const d = new Date(now);
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d;
};

export function createRetentionService(
  database: Database,
  storage: FileStorage,
  /** The log's purge, as the retention role (issue 43). */
  purger: LogPurger,
  /** Runs after every destruction run, once its transactions have committed: the anchor (ADR 0026). */
  afterRun?: () => Promise<unknown>,
) {
  async function rules(): Promise<Rule[]> {
    const rows = await database.query<{
      region_id: number;
      region_name: string;
      health_record_years: number;
      access_log_years: number;
      updated_at: Date | null;
    }>("SELECT * FROM retention_periods()");
    return rows.map((r) => ({
      regionId: r.region_id,
      regionName: r.region_name,
      healthRecordYears: r.health_record_years,
      accessLogYears: r.access_log_years,
      updatedAt: r.updated_at,
    }));
  }

  const ruleWire = (r: Rule): RetentionRuleWire => ({
    region_id: r.regionId,
    region_name: r.regionName,
    health_record_years: r.healthRecordYears,
    access_log_years: r.accessLogYears,
    updated_at: r.updatedAt ? new Date(r.updatedAt).toISOString() : null,
  });

  /**
   * Customers whose last activity (profile change, record, note or job) is older than their
   * region's period and who still have health records. A customer with no region gets the longest.
   */
  async function candidates(now: Date, all: Rule[]): Promise<Candidate[]> {
    const longest = Math.max(FALLBACK_YEARS, ...all.map((r) => r.healthRecordYears));
    const cutoffs = all.map((r) => ({ region: r.regionId, before: yearsAgo(now, r.healthRecordYears) }));
    return database.query<Candidate>(
      `WITH cut AS (
         SELECT (x->>'region')::int AS region_id, (x->>'before')::timestamptz AS before
           FROM jsonb_array_elements($1::jsonb) x
       ), activity AS (
         SELECT c.id, c.region_id, greatest(
             c.updated_at,
             (SELECT max(updated_at) FROM prescriptions WHERE customer_id = c.id),
             (SELECT max(updated_at) FROM pds WHERE customer_id = c.id),
             (SELECT max(created_at) FROM files WHERE customer_id = c.id),
             (SELECT max(updated_at) FROM notes WHERE customer_id = c.id),
             (SELECT max(updated_at) FROM orders WHERE customer_id = c.id)) AS last_activity_at
           FROM customers c
          WHERE EXISTS (SELECT 1 FROM prescriptions WHERE customer_id = c.id)
             OR EXISTS (SELECT 1 FROM pds WHERE customer_id = c.id)
             OR EXISTS (SELECT 1 FROM files WHERE customer_id = c.id)
       )
       SELECT a.id AS customer_id, a.region_id, a.last_activity_at,
              (SELECT count(*)::int FROM prescriptions WHERE customer_id = a.id) AS prescriptions,
              (SELECT count(*)::int FROM pds WHERE customer_id = a.id) AS pds,
              (SELECT count(*)::int FROM files WHERE customer_id = a.id) AS files
         FROM activity a LEFT JOIN cut ON cut.region_id = a.region_id
        WHERE a.last_activity_at < coalesce(cut.before, $2::timestamptz)
        ORDER BY a.id`,
      [JSON.stringify(cutoffs), yearsAgo(now, longest)],
    );
  }

  /** The prefix of the chain every row's region says may go at `now` (the purge asks the same of now()). */
  async function expiredLog(now: Date) {
    const [row] = await database.query<{ through_seq: string; expired_rows: string; last_at: Date | null }>(
      "SELECT through_seq::text, expired_rows::text, last_at FROM access_log_expired($1)",
      [now],
    );
    const rows = Number(row.expired_rows);
    return {
      rows,
      throughSeq: rows > 0 ? Number(row.through_seq) : null,
      before: rows > 0 ? row.last_at : null,
    };
  }

  return {
    async listRules() {
      return (await rules()).map(ruleWire);
    },

    async setRule(staffId: number, regionId: number, healthRecordYears: number, accessLogYears: number) {
      const all = await rules();
      if (!all.some((r) => r.regionId === regionId)) throw notFound("Region");
      await database.query(
        `INSERT INTO retention_rules (region_id, health_record_years, access_log_years, updated_by, updated_at)
         VALUES ($1, $2, $3, $4, now())
         ON CONFLICT (region_id) DO UPDATE SET health_record_years = $2, access_log_years = $3,
           updated_by = $4, updated_at = now()`,
        [regionId, healthRecordYears, accessLogYears, staffId],
      );
      return ruleWire((await rules()).find((r) => r.regionId === regionId)!);
    },

    async plan(now = new Date()): Promise<RetentionPlanWire> {
      const all = await rules();
      const [customers, log] = await Promise.all([candidates(now, all), expiredLog(now)]);
      return {
        as_of: now.toISOString(),
        customers: customers.map((c) => ({
          ...c,
          last_activity_at: new Date(c.last_activity_at).toISOString(),
        })),
        access_log: {
          rows: log.rows,
          through_seq: log.throughSeq,
          before: log.before ? new Date(log.before).toISOString() : null,
        },
      };
    },

    /**
     * Destroys what the plan lists: each customer's prescriptions, PDs and files in its own
     * transaction with a destruction record (ids and counts, never content) and an access-log
     * row; then what the database's own clock and periods say has expired of the log, by the
     * retention role's purge for the staff member of `sessionId`. Stored bytes go after commit.
     */
    async destroy(actor: AccessActor, sessionId: number, now = new Date()): Promise<DestructionWire[]> {
      const all = await rules();
      const byRegion = new Map(all.map((r) => [r.regionId, r]));
      const done: DestructionWire[] = [];
      for (const c of await candidates(now, all)) {
        const rule = c.region_id != null ? byRegion.get(c.region_id) : undefined;
        const ruleName = rule
          ? `health records: ${rule.regionName} ${rule.healthRecordYears} years after last activity`
          : `health records: no region, ${Math.max(FALLBACK_YEARS, ...all.map((r) => r.healthRecordYears))} years after last activity`;
        const { record, keys } = await inRequestTransaction(database.db, async () => {
          const ids = async (table: string) =>
            (
              await database.query<{ id: number; storage_key?: string; thumbnail_key?: string | null }>(
                `DELETE FROM ${table} WHERE customer_id = $1 RETURNING id${table === "files" ? ", storage_key, thumbnail_key" : ""}`,
                [c.customer_id],
              )
            ).sort((a, b) => a.id - b.id);
          const rx = await ids("prescriptions");
          const pd = await ids("pds");
          const fl = await ids("files");
          const [rec] = await database.query<Record<string, unknown>>(
            `INSERT INTO destruction_records (staff_id, rule, kind, region_id, customer_id, counts, detail)
             VALUES ($1, $2, 'health_records', $3, $4, $5, $6) RETURNING *`,
            [
              actor.id,
              ruleName,
              c.region_id,
              c.customer_id,
              JSON.stringify({ prescriptions: rx.length, pds: pd.length, files: fl.length }),
              JSON.stringify({
                last_activity_at: new Date(c.last_activity_at).toISOString(),
                prescription_ids: rx.map((r) => r.id),
                pd_ids: pd.map((r) => r.id),
                file_ids: fl.map((r) => r.id),
              }),
            ],
          );
          await recordAccess(database.db, {
            staff: actor,
            action: "destroy",
            resource: "customer",
            resourceId: c.customer_id,
            customerId: c.customer_id,
            screen: "retention",
            outcome: "allowed",
          });
          return {
            record: rec,
            keys: fl.flatMap((f) => [f.storage_key, f.thumbnail_key]).filter((k): k is string => !!k),
          };
        });
        await Promise.all(keys.map((k) => storage.remove(k).catch(() => {})));
        done.push(toDestruction(record));
      }

      const [record] = await purger.purge(sessionId);
      if (record) {
        await recordAccess(database.db, {
          staff: actor,
          action: "destroy",
          resource: "access_log",
          resourceId: Number((record.detail as { through_seq: number }).through_seq),
          screen: "retention",
          outcome: "allowed",
        });
        done.push(toDestruction(record));
      }
      await afterRun?.();
      return done;
    },

    async destructions(): Promise<DestructionWire[]> {
      const rows = await database.query<Record<string, unknown>>(
        "SELECT * FROM destruction_records ORDER BY destroyed_at DESC, id DESC LIMIT 500",
      );
      return rows.map(toDestruction);
    },
  };
}

function toDestruction(r: Record<string, unknown>): DestructionWire {
  return {
    id: Number(r.id),
    destroyed_at: new Date(r.destroyed_at as string).toISOString(),
    staff_id: (r.staff_id as number | null) ?? null,
    rule: String(r.rule),
    kind: r.kind as DestructionWire["kind"],
    region_id: (r.region_id as number | null) ?? null,
    customer_id: (r.customer_id as number | null) ?? null,
    counts: r.counts as Record<string, number>,
    detail: r.detail as Record<string, unknown>,
  };
}
