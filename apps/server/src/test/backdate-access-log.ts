/**
 * Moves access-log rows (all, or up to `throughSeq`) `years` back and re-chains every row after them
 * and the head, as the chain trigger would have: the purge reads the database's own clock, so a test
 * of what has expired ages the rows instead. Needs a role that may switch the log's triggers off (the
 * owner, or the test's superuser).
 */
export async function backdateAccessLog(
  query: (sql: string) => Promise<unknown>,
  years: number,
  throughSeq = Number.MAX_SAFE_INTEGER,
): Promise<void> {
  await query("ALTER TABLE access_log DISABLE TRIGGER USER");
  await query("ALTER TABLE access_log_head DISABLE TRIGGER USER");
  try {
    await query(`DO $$ DECLARE r access_log; prev text; BEGIN
      SELECT purged_hash INTO prev FROM access_log_head WHERE id = 1;
      FOR r IN SELECT * FROM access_log ORDER BY seq LOOP
        IF r.seq <= ${Math.trunc(throughSeq)} THEN
          r.occurred_at := r.occurred_at - interval '${Math.trunc(years)} years';
        END IF;
        r.prev_hash := prev;
        r.hash := encode(sha256(convert_to(prev || access_log_canonical(r), 'UTF8')), 'hex');
        UPDATE access_log SET occurred_at = r.occurred_at, prev_hash = r.prev_hash, hash = r.hash WHERE seq = r.seq;
        prev := r.hash;
      END LOOP;
      UPDATE access_log_head SET hash = prev WHERE id = 1;
    END $$`);
  } finally {
    await query("ALTER TABLE access_log ENABLE TRIGGER USER");
    await query("ALTER TABLE access_log_head ENABLE TRIGGER USER");
  }
}
