import { CUSTOMER_SORT_FIELDS } from "@loupe/contract";
import { asc, gt } from "drizzle-orm";
import type { SearchIndex } from "../../integrations/search";
import { toSearchDocument } from "./customers.mappers";
import { searchCustomerIds } from "./customers.search";
import { customers } from "./customers.tables";

export const CUSTOMER_INDEX = "customers";

/** The customers index on the search port: what Meilisearch matches, filters and sorts on. */
export const customersSearchIndex: SearchIndex = {
  name: CUSTOMER_INDEX,
  // Exact e-mail and phone digits come before the name so that an exact contact detail ranks first.
  searchable: ["email", "mobile_digits", "phone_digits", "full_name", "mobile", "phone"],
  filterable: ["dob", "region_id"],
  sortable: [...CUSTOMER_SORT_FIELDS],
  searchPostgres: searchCustomerIds,
  async readDocuments(database, afterId, limit) {
    const rows = await database.db
      .select()
      .from(customers)
      .where(gt(customers.id, afterId))
      .orderBy(asc(customers.id))
      .limit(limit);
    return rows.map(toSearchDocument);
  },
  async countDocuments(database) {
    const [{ n }] = await database.query<{ n: number }>("select count(*)::int as n from customers");
    return Number(n);
  },
};
