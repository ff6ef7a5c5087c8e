import type { DuplicatePairWire } from "@loupe/contract";
import type { Db } from "../../platform/db/client";
import { type CustomerSideRow, customerSides, pairsPage } from "./customer-merges.queries";

// The possible-duplicates list (issue 46): each pair with its evidence and both customers as the
// list shows them. A side merged away since (a settled pair) shows its id only.

const side = (id: number, r: CustomerSideRow | undefined): DuplicatePairWire["a"] => ({
  id,
  full_name: r ? `${r.first_name} ${r.last_name}`.trim() : `#${id}`,
  email: r?.email ?? null,
  mobile: r?.mobile ?? null,
  dob: r?.dob ?? null,
  outlet_name: r?.outlet_name ?? null,
  created_at: r ? new Date(r.created_at).toISOString() : "",
  prescriptions: Number(r?.prescriptions ?? 0),
  jobs: Number(r?.jobs ?? 0),
});

export async function duplicatePairsPage(db: Db, state: string, page: number, perPage: number) {
  const rows = await pairsPage(db, state, perPage, (page - 1) * perPage);
  const sides = new Map(
    (await customerSides(db, [...new Set(rows.flatMap((r) => [Number(r.a_id), Number(r.b_id)]))])).map(
      (r) => [Number(r.id), r],
    ),
  );
  const data: DuplicatePairWire[] = rows.map((r) => ({
    id: Number(r.id),
    score: Number(r.score),
    evidence: r.evidence,
    state: r.state,
    a: side(Number(r.a_id), sides.get(Number(r.a_id))),
    b: side(Number(r.b_id), sides.get(Number(r.b_id))),
    found_at: new Date(r.found_at).toISOString(),
  }));
  return { data, total: Number(rows[0]?.total ?? 0) };
}

/** One pair as the list shows it (after a dismiss). */
export async function duplicatePairWire(
  db: Db,
  r: {
    id: number;
    aId: number;
    bId: number;
    score: number;
    evidence: DuplicatePairWire["evidence"];
    state: DuplicatePairWire["state"];
    foundAt: Date;
  },
): Promise<DuplicatePairWire> {
  const sides = new Map((await customerSides(db, [r.aId, r.bId])).map((s) => [Number(s.id), s]));
  return {
    id: r.id,
    score: r.score,
    evidence: r.evidence,
    state: r.state,
    a: side(r.aId, sides.get(r.aId)),
    b: side(r.bId, sides.get(r.bId)),
    found_at: r.foundAt.toISOString(),
  };
}
