// A customer merge (issue 46) moves the imports' keys too: the losing customer's source ids now
// name the kept customer (so a later file's prescriptions of that source id land on it), and rows
// whose parent was the losing customer point at the kept one. A moved key that made the losing
// customer becomes a link ("merged"): an undo of its import batch must never delete the kept
// customer, who may have been in Loupe long before. The merge's undo puts every moved key back.

import { sql } from "drizzle-orm";
import type { CustomerRowsMover } from "../../platform/db/customer-rows";
import { rowsOf } from "../../platform/db/rows";

const ids = (rows: { id: number }[]) => rows.map((r) => r.id).sort((a, b) => a - b);

export const importsCustomerMover: CustomerRowsMover = {
  async move(tx, fromId, toId) {
    const made = await rowsOf<{ id: number }>(
      tx,
      sql`update import_records set record_id = ${toId}, outcome = 'merged'
          where kind = 'customers' and record_id = ${fromId} and outcome = 'created' returning id`,
    );
    const linked = await rowsOf<{ id: number }>(
      tx,
      sql`update import_records set record_id = ${toId} where kind = 'customers' and record_id = ${fromId} returning id`,
    );
    const children = await rowsOf<{ id: number }>(
      tx,
      sql`update import_records set parent_record_id = ${toId}
          where parent_record_id = ${fromId} and kind in ('prescriptions', 'pds', 'notes', 'recalls', 'jobs') returning id`,
    );
    return {
      moved: {
        "import_records:made": ids(made),
        "import_records:linked": ids(linked),
        "import_records:children": ids(children),
      },
    };
  },
  async moveBack(tx, move, keptId, lostId) {
    const back = (key: string) => sql.param(move.moved[key] ?? []);
    await tx.execute(sql`update import_records set record_id = ${lostId}, outcome = 'created'
      where id = any(${back("import_records:made")}::int[]) and record_id = ${keptId}`);
    await tx.execute(sql`update import_records set record_id = ${lostId}
      where id = any(${back("import_records:linked")}::int[]) and record_id = ${keptId}`);
    await tx.execute(sql`update import_records set parent_record_id = ${lostId}
      where id = any(${back("import_records:children")}::int[]) and parent_record_id = ${keptId}`);
  },
};
