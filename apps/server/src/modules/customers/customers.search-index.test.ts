import { eq, inArray } from "drizzle-orm";
import { createSearch, type SearchPort } from "../../integrations/search";
import { startFakeMeilisearch } from "../../integrations/search/meilisearch.fake";
import { type ContractCustomer, describeSearchPortContract } from "../../integrations/search/search.contract";
import type { Database } from "../../platform/db/client";
import { openTestDatabase } from "../../test/test-app";
import { toSearchDocument } from "./customers.mappers";
import { CUSTOMER_INDEX, customersSearchIndex } from "./customers.search-index";
import { customers } from "./customers.tables";

/** The customers index on a fresh database, written the way the customers service writes it. */
async function harness(makePort: (database: Database) => SearchPort, closePort = async () => {}) {
  const { database, drop } = await openTestDatabase();
  const port = makePort(database);
  const db = database.db;
  return {
    port,
    definition: customersSearchIndex,
    async store(people: ContractCustomer[]) {
      const rows = await db
        .insert(customers)
        .values(
          people.map((p, i) => ({
            firstName: p.first_name,
            lastName: p.last_name,
            email: p.email ?? null,
            mobile: p.mobile ?? null,
            dob: p.dob ?? null,
            regionId: p.region_id,
            createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
            updatedAt: new Date(Date.UTC(2026, 0, 1 + i)),
          })),
        )
        .returning();
      await port.index(CUSTOMER_INDEX, rows.map(toSearchDocument));
      return rows.map((r) => r.id);
    },
    async rename(id: number, firstName: string) {
      const [row] = await db.update(customers).set({ firstName }).where(eq(customers.id, id)).returning();
      await port.index(CUSTOMER_INDEX, [toSearchDocument(row)]);
    },
    async drop(ids: number[]) {
      await db.delete(customers).where(inArray(customers.id, ids));
      await port.remove(CUSTOMER_INDEX, ids);
    },
    async close() {
      await closePort();
      await database.close();
      await drop();
    },
  };
}

describeSearchPortContract("postgres (default)", () =>
  harness((database) => createSearch({}, database, [customersSearchIndex])),
);

describeSearchPortContract("meilisearch (over HTTP, against an in-process stand-in)", async () => {
  const meili = await startFakeMeilisearch("test-key");
  return harness(
    (database) =>
      createSearch({ MEILISEARCH_URL: meili.url, MEILISEARCH_KEY: "test-key" }, database, [
        customersSearchIndex,
      ]),
    meili.close,
  );
});
