import {
  type DuplicateFacts,
  duplicateEvidence,
  isSmsCountry,
  mobileDigitForms,
  NAME_SIMILARITY_THRESHOLD,
  toSmsNumber,
} from "@loupe/domain";
import { and, desc, eq, isNotNull, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import {
  candidatePairs,
  changedCandidatePairs,
  customersUpTo,
  duplicateFactsOf,
} from "./customer-merges.queries";
import { customerDuplicatePairs, duplicateFinderRuns } from "./customer-merges.tables";

// The duplicate finder (issue 46): PostgreSQL blocks (finds the few pairs worth a look among a
// million customers), the domain's rule scores each pair (customer-match.ts), the pairs are kept
// for the list. A full run compares everyone; an incremental one the customers changed since the
// last run's cursor, against everyone.

/** Pairs scored and written per batch: memory stays flat however many pairs a run finds. */
const BATCH = 2000;
/**
 * The cursor stays this far behind the newest change it saw: an edit whose transaction commits
 * after the run read the table, stamped a moment earlier, is looked at again by the next run
 * (a pair written twice is the same pair).
 */
const CURSOR_MARGIN_MS = 60_000;
/** A run not finished after this long died with its process: another may start. */
const STALE_RUN_MS = 30 * 60_000;

const countryOf = (code: string | null) => (isSmsCountry(code) ? code : "AU");

export interface FinderRunResult {
  runId: number;
  full: boolean;
  customers: number;
  pairs: number;
  ms: number;
}

export function createDuplicateFinder(db: Db, now: () => Date = () => new Date()) {
  async function lastFinished() {
    const [run] = await db
      .select()
      .from(duplicateFinderRuns)
      .where(and(isNotNull(duplicateFinderRuns.finishedAt), isNull(duplicateFinderRuns.error)))
      .orderBy(desc(duplicateFinderRuns.finishedAt))
      .limit(1);
    return run ?? null;
  }

  /** Scores pairs with the domain rule and keeps those with evidence; answers how many. */
  async function scoreAndKeep(pairs: { a: number; b: number }[], seenAt: Date): Promise<number> {
    let kept = 0;
    for (let i = 0; i < pairs.length; i += BATCH) {
      const batch = pairs.slice(i, i + BATCH);
      const facts = new Map<number, DuplicateFacts>();
      for (const r of await duplicateFactsOf(db, [...new Set(batch.flatMap((p) => [p.a, p.b]))]))
        facts.set(Number(r.id), {
          firstName: r.first_name,
          lastName: r.last_name,
          email: r.email,
          mobile: r.mobile,
          dateOfBirth: r.dob,
          country: countryOf(r.country_code),
        });
      const rows = [];
      for (const p of batch) {
        const a = facts.get(p.a);
        const b = facts.get(p.b);
        if (!a || !b) continue;
        const { score, evidence } = duplicateEvidence(a, b);
        if (evidence.length) rows.push({ aId: p.a, bId: p.b, score, evidence, foundAt: seenAt, seenAt });
      }
      if (!rows.length) continue;
      // A dismissed or merged pair stays as staff settled it; an open one takes the new evidence.
      await db
        .insert(customerDuplicatePairs)
        .values(rows)
        .onConflictDoUpdate({
          target: [customerDuplicatePairs.aId, customerDuplicatePairs.bId],
          set: {
            score: sql`excluded.score`,
            evidence: sql`excluded.evidence`,
            seenAt: sql`excluded.seen_at`,
          },
          setWhere: eq(customerDuplicatePairs.state, "open"),
        });
      kept += rows.length;
    }
    return kept;
  }

  return {
    /** One run: full when asked or when there has been none, else the changes since the last. */
    async run(full: boolean): Promise<FinderRunResult> {
      const last = full ? null : await lastFinished();
      const isFull = !last?.customersUpTo;
      const startedAt = now();
      const t0 = performance.now();
      const [run] = await db.insert(duplicateFinderRuns).values({ full: isFull, startedAt }).returning();
      try {
        const seen = await customersUpTo(db);
        let pairs: { a: number; b: number }[];
        let customers: number;
        if (isFull) {
          pairs = await candidatePairs(db, NAME_SIMILARITY_THRESHOLD);
          customers = seen.count;
        } else {
          const found = await changedCandidatePairs(
            db,
            NAME_SIMILARITY_THRESHOLD,
            last.customersUpTo as Date,
            (mobile, code) => {
              const e164 = toSmsNumber(mobile, countryOf(code));
              return e164 ? mobileDigitForms(e164) : [];
            },
          );
          pairs = [...new Map(found.pairs.map((p) => [`${p.a}:${p.b}`, p])).values()];
          customers = found.changed;
        }
        const kept = await scoreAndKeep(pairs, startedAt);
        // What a full run no longer finds (an edited e-mail, a corrected birth date) is no longer offered.
        if (isFull)
          await db
            .delete(customerDuplicatePairs)
            .where(
              and(eq(customerDuplicatePairs.state, "open"), lt(customerDuplicatePairs.seenAt, startedAt)),
            );
        const ms = Math.round(performance.now() - t0);
        const upTo = seen.upTo ? new Date(seen.upTo.getTime() - CURSOR_MARGIN_MS) : startedAt;
        await db
          .update(duplicateFinderRuns)
          .set({ finishedAt: now(), customersUpTo: upTo, customers, pairsFound: kept, ms })
          .where(eq(duplicateFinderRuns.id, run.id));
        return { runId: run.id, full: isFull, customers, pairs: kept, ms };
      } catch (err) {
        await db
          .update(duplicateFinderRuns)
          .set({ finishedAt: now(), error: String((err as Error).message ?? err).slice(0, 500) })
          .where(eq(duplicateFinderRuns.id, run.id));
        throw err;
      }
    },

    /** The screen's line: the last run, and whether one runs now. */
    async status() {
      const last = await lastFinished();
      const [running] = await db
        .select({ id: duplicateFinderRuns.id })
        .from(duplicateFinderRuns)
        .where(
          and(
            isNull(duplicateFinderRuns.finishedAt),
            sql`${duplicateFinderRuns.startedAt} > ${new Date(now().getTime() - STALE_RUN_MS)}`,
          ),
        )
        .limit(1);
      const [open] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(customerDuplicatePairs)
        .where(eq(customerDuplicatePairs.state, "open"));
      return {
        last_run_at: last?.finishedAt ? last.finishedAt.toISOString() : null,
        last_run_customers: last?.customers ?? null,
        last_run_ms: last?.ms ?? null,
        running: Boolean(running),
        open_pairs: Number(open?.n ?? 0),
      };
    },
  };
}
export type DuplicateFinder = ReturnType<typeof createDuplicateFinder>;
