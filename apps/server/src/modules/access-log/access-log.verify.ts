import { createHash, type KeyObject } from "node:crypto";
import type { Database } from "../../platform/db/client";
import { anchorSignatureValid, databaseAnchors, readHead, type SignedAnchor } from "./anchor";

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

export interface AnchorCheck {
  ok: boolean;
  anchor: { at: string; head_seq: number; head_hash: string; purged_through_seq: number } | null;
  /** What the database no longer agrees with the anchor about. */
  problems: string[];
}

/**
 * Compares the database with the latest signed anchor (ADR 0026): rows the anchor saw that are gone
 * from the end (a missing tail), a row the anchor saw whose hash changed (a rewritten chain), and a
 * purge point that moved without the destruction record `access_log_purge` writes with it.
 */
export async function checkAgainstAnchor(
  database: Database,
  signed: SignedAnchor | null,
  key: KeyObject | null,
): Promise<AnchorCheck> {
  if (!signed)
    return { ok: false, anchor: null, problems: ["no anchor found: the chain cannot be compared"] };
  const a = signed.anchor;
  const check: AnchorCheck = {
    ok: true,
    anchor: {
      at: a.at,
      head_seq: a.head_seq,
      head_hash: a.head_hash,
      purged_through_seq: a.purged_through_seq,
    },
    problems: [],
  };
  const problem = (p: string) => {
    check.ok = false;
    check.problems.push(p);
  };
  if (!key) problem("no anchor key configured: the anchor's signature cannot be checked");
  else if (!anchorSignatureValid(signed, key))
    problem("the anchor's signature is not valid for the configured key");
  const head = await readHead(database);
  if (head.seq < a.head_seq)
    problem(`missing tail: the log ends at row ${head.seq}, the anchor of ${a.at} saw row ${a.head_seq}`);
  if (
    head.purgedThroughSeq < a.purged_through_seq ||
    (head.purgedThroughSeq === a.purged_through_seq && head.purgedHash !== a.purged_hash)
  )
    problem(`rewritten chain: the purge point differs from the anchor of ${a.at}`);
  if (a.head_seq > head.purgedThroughSeq && a.head_seq > 0) {
    const [row] = await database.query<{ hash: string }>("SELECT hash FROM access_log WHERE seq = $1", [
      a.head_seq,
    ]);
    if (!row) {
      if (head.seq >= a.head_seq) problem(`missing row: row ${a.head_seq}, the anchor's head, is gone`);
    } else if (row.hash !== a.head_hash)
      problem(`rewritten chain: row ${a.head_seq} no longer has the hash the anchor of ${a.at} signed`);
  }
  if (head.purgedThroughSeq > a.purged_through_seq) {
    const [record] = await database.query<{ id: number }>(
      `SELECT id FROM destruction_records
        WHERE kind = 'access_log' AND (detail->>'through_seq')::bigint = $1 AND detail->>'through_hash' = $2`,
      [head.purgedThroughSeq, head.purgedHash],
    );
    if (!record)
      problem(
        `purge without its destruction record: rows ${a.purged_through_seq + 1}–${head.purgedThroughSeq} are gone and no destruction record names them`,
      );
  }
  return check;
}

export interface AnchorsReport extends AnchorCheck {
  /** Where the anchor compared with came from. */
  source: "database" | "file store" | null;
  /** How many anchors were read, and how many of them the given public key does not vouch for. */
  counted: { database: number; fileStore: number; notSigned: number };
  /** Rows newer than the anchor compared with: in the database, but no anchor vouches for them yet. */
  unanchored: {
    rows: number;
    fromSeq: number;
    toSeq: number;
    firstAt: string | null;
    lastAt: string | null;
  } | null;
  /**
   * A restored copy (`--restored-copy`): what the file store's latest anchor saw beyond the copy's
   * head, i.e. rows written after the restore point and not in this copy.
   */
  notInThisCopy: { fromSeq: number; toSeq: number; anchorAt: string } | null;
}

/**
 * `audit:verify`'s anchor check (issue 43): every anchor the database holds and the file store's
 * latest, each believed only when `publicKey` (given out of band, never read from the server's data)
 * verifies its signature. The newest believed one is compared with the database as
 * `checkAgainstAnchor` does, every other believed one's row must still have its signed hash, and the
 * rows newer than the newest are reported as unanchored. On a restored copy the file store may hold
 * anchors from after the restore point: those are reported as `notInThisCopy`, not as a cut tail.
 */
export async function checkAnchors(
  database: Database,
  fileStoreLatest: SignedAnchor | null,
  publicKey: KeyObject,
  options: { restoredCopy?: boolean } = {},
): Promise<AnchorsReport> {
  const inDatabase = await databaseAnchors(database).all();
  const head = await readHead(database);
  const signedBy = (s: SignedAnchor) => anchorSignatureValid(s, publicKey);
  const believed: { anchor: SignedAnchor; source: "database" | "file store" }[] = inDatabase
    .filter(signedBy)
    .map((anchor) => ({ anchor, source: "database" }));
  let notSigned = inDatabase.length - believed.length;
  let notInThisCopy: AnchorsReport["notInThisCopy"] = null;
  if (fileStoreLatest) {
    if (!signedBy(fileStoreLatest)) notSigned++;
    else if (options.restoredCopy && fileStoreLatest.anchor.head_seq > head.seq)
      notInThisCopy = {
        fromSeq: head.seq + 1,
        toSeq: fileStoreLatest.anchor.head_seq,
        anchorAt: fileStoreLatest.anchor.at,
      };
    else believed.push({ anchor: fileStoreLatest, source: "file store" });
  }
  const newest = believed.reduce<(typeof believed)[number] | null>(
    (n, b) =>
      !n ||
      b.anchor.anchor.head_seq > n.anchor.anchor.head_seq ||
      (b.anchor.anchor.head_seq === n.anchor.anchor.head_seq && b.anchor.anchor.at > n.anchor.anchor.at)
        ? b
        : n,
    null,
  );
  const check = await checkAgainstAnchor(database, newest?.anchor ?? null, publicKey);
  const problems = [...check.problems];
  if (notSigned > 0)
    problems.push(
      `${notSigned} anchor(s) not signed by the given public key: written with another key, or forged`,
    );
  // Every other believed anchor's row: an owner's edit of any anchored row shows at the nearest one.
  const rows = [
    ...new Set(
      believed
        .filter((b) => b !== newest)
        .map((b) => b.anchor.anchor)
        .filter((a) => a.head_seq > head.purgedThroughSeq && a.head_seq <= head.seq)
        .map((a) => a.head_seq),
    ),
  ];
  if (rows.length > 0) {
    const found = new Map(
      (
        await database.query<{ seq: string; hash: string }>(
          "SELECT seq::text, hash FROM access_log WHERE seq = ANY($1::bigint[])",
          [rows],
        )
      ).map((r) => [Number(r.seq), r.hash]),
    );
    for (const b of believed) {
      const a = b.anchor.anchor;
      if (!rows.includes(a.head_seq)) continue;
      const hash = found.get(a.head_seq);
      if (hash === undefined) problems.push(`missing row: row ${a.head_seq}, anchored at ${a.at}, is gone`);
      else if (hash !== a.head_hash)
        problems.push(
          `rewritten chain: row ${a.head_seq} no longer has the hash the anchor of ${a.at} signed`,
        );
    }
  }
  let unanchored: AnchorsReport["unanchored"] = null;
  const from = (newest?.anchor.anchor.head_seq ?? head.purgedThroughSeq) + 1;
  if (head.seq >= from) {
    const [span] = await database.query<{ first_at: Date | null; last_at: Date | null }>(
      `SELECT (SELECT occurred_at FROM access_log WHERE seq = $1) AS first_at,
              (SELECT occurred_at FROM access_log WHERE seq = $2) AS last_at`,
      [from, head.seq],
    );
    unanchored = {
      rows: head.seq - from + 1,
      fromSeq: from,
      toSeq: head.seq,
      firstAt: span.first_at ? new Date(span.first_at).toISOString() : null,
      lastAt: span.last_at ? new Date(span.last_at).toISOString() : null,
    };
  }
  return {
    ...check,
    ok: problems.length === 0,
    problems: [...new Set(problems)],
    source: newest?.source ?? null,
    counted: { database: inDatabase.length, fileStore: fileStoreLatest ? 1 : 0, notSigned },
    unanchored,
    notInThisCopy,
  };
}
