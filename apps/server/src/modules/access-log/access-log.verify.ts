import { createHash } from "node:crypto";
import type { Database } from "../../platform/db/client";

export interface ChainReport {
  ok: boolean;
  rows: number;
  /** The head as the database records it: anchor this hash elsewhere to detect a rewritten chain. */
  headSeq: number;
  headHash: string;
  purgedThroughSeq: number;
  /** The first row whose hash, link or sequence is wrong, and why. */
  brokenAt?: { seq: number; problem: string };
}

/** An access-log row's recorded facts, as a query answers them (the test reads the same columns). */
export interface AccessLogFacts {
  staff_id: number | null;
  staff_role_id: number | null;
  staff_outlet_id: number | null;
  staff_region_id: number | null;
  action: string;
  resource: string;
  resource_id: number | null;
  customer_id: number | null;
  screen: string | null;
  route: string | null;
  request_id: string | null;
  address: string | null;
  outcome: string;
  reason: string | null;
  changed_fields: string[] | null;
}

interface LogRow extends AccessLogFacts {
  seq: string;
  micros: string;
  prev_hash: string;
  hash: string;
}

const j = (v: string | number | null) => (v === null ? "null" : JSON.stringify(v));

/**
 * The canonical text of a row, built here from the stored columns rather than by the database's
 * own function: the same JSON array `access_log_canonical` writes (`json_build_array` separates
 * elements with ", " and escapes strings as JSON does).
 */
export function canonicalRow(r: LogRow): string {
  const fields = [
    r.seq,
    r.micros,
    j(r.staff_id),
    j(r.staff_role_id),
    j(r.staff_outlet_id),
    j(r.staff_region_id),
    j(r.action),
    j(r.resource),
    j(r.resource_id),
    j(r.customer_id),
    j(r.screen),
    j(r.route),
    j(r.request_id),
    j(r.address),
    j(r.outcome),
    j(r.reason),
    j(r.changed_fields === null ? null : r.changed_fields.join(",")),
  ];
  return `[${fields.join(", ")}]`;
}

export const chainHash = (prev: string, canonical: string) =>
  createHash("sha256")
    .update(prev + canonical, "utf8")
    .digest("hex");

const BATCH = 5_000;

/** Recomputes every hash of the access log in order and checks the links and the head (`npm run audit:verify`). */
export async function verifyAccessLog(database: Database): Promise<ChainReport> {
  const [head] = await database.query<{
    seq: string;
    hash: string;
    purged_through_seq: string;
    purged_hash: string;
  }>("SELECT seq::text, hash, purged_through_seq::text, purged_hash FROM access_log_head WHERE id = 1");
  const report: ChainReport = {
    ok: true,
    rows: 0,
    headSeq: Number(head.seq),
    headHash: head.hash,
    purgedThroughSeq: Number(head.purged_through_seq),
  };
  const fail = (seq: number, problem: string) => ({ ...report, ok: false, brokenAt: { seq, problem } });
  let prev = head.purged_hash;
  let expected = report.purgedThroughSeq + 1;
  let after = report.purgedThroughSeq;
  for (;;) {
    const rows = await database.query<LogRow>(
      `SELECT seq::text, ((extract(epoch FROM occurred_at) * 1000000)::bigint)::text AS micros,
              staff_id, staff_role_id, staff_outlet_id, staff_region_id, action, resource, resource_id,
              customer_id, screen, route, request_id, address, outcome, reason, changed_fields, prev_hash, hash
         FROM access_log WHERE access_log.seq > $1 ORDER BY access_log.seq LIMIT ${BATCH}`,
      [after],
    );
    for (const r of rows) {
      const seq = Number(r.seq);
      if (seq !== expected) return fail(expected, seq < expected ? "sequence repeats" : "row missing");
      if (r.prev_hash !== prev) return fail(seq, "link to the previous row is broken");
      if (chainHash(prev, canonicalRow(r)) !== r.hash) return fail(seq, "row does not match its hash");
      prev = r.hash;
      expected++;
      report.rows++;
    }
    if (rows.length < BATCH) break;
    after = Number(rows[rows.length - 1].seq);
  }
  if (expected - 1 !== report.headSeq) return fail(expected, "rows missing at the end of the chain");
  if (report.headSeq > report.purgedThroughSeq && prev !== report.headHash)
    return fail(report.headSeq, "head hash does not match the last row");
  return report;
}
