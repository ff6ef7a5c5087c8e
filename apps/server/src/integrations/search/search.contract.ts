import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SearchIndexDefinition, SearchPort, SearchQuery } from "./search.port";

/** A customer as the contract stores it; `region_id` 1 is AU, 2 NZ. */
export interface ContractCustomer {
  first_name: string;
  last_name: string;
  email?: string;
  mobile?: string;
  dob?: string;
  region_id: number;
}

/**
 * What an adapter's test provides: the port, and the way the owning module writes records (the
 * database row plus the index write the module makes after it).
 */
export interface SearchHarness {
  port: SearchPort;
  definition: SearchIndexDefinition;
  store(customers: ContractCustomer[]): Promise<number[]>;
  rename(id: number, firstName: string): Promise<void>;
  drop(ids: number[]): Promise<void>;
  close(): Promise<void>;
}

const PEOPLE: ContractCustomer[] = [
  {
    first_name: "Olivia",
    last_name: "Martin",
    email: "olivia.martin@example.com",
    mobile: "0412 345 678",
    dob: "1990-04-12",
    region_id: 1,
  },
  {
    first_name: "Oliver",
    last_name: "Martinez",
    email: "oliver@example.com",
    mobile: "0499 000 111",
    dob: "1985-01-02",
    region_id: 1,
  },
  { first_name: "Noah", last_name: "Smith", email: "noah@example.com", dob: "1990-04-12", region_id: 2 },
  { first_name: "Amelia", last_name: "Wong", email: "amelia@example.net", dob: "1977-09-30", region_id: 2 },
  { first_name: "Jack", last_name: "Taylor", region_id: 1 },
];

/**
 * The behaviour every search adapter must share, run against each of them. Ranking is asserted
 * only where both engines agree by design: an exact contact detail or a whole-word name first.
 */
export function describeSearchPortContract(adapter: string, open: () => Promise<SearchHarness>) {
  describe(`search port contract: ${adapter}`, () => {
    let h: SearchHarness;
    let ids: number[];
    const find = (query: Partial<SearchQuery>) =>
      h.port.search(h.definition.name, { page: 1, perPage: 15, ...query });
    const idOf = (first: string) => ids[PEOPLE.findIndex((p) => p.first_name === first)];

    beforeAll(async () => {
      h = await open();
      await h.port.prepare(h.definition);
      ids = await h.store(PEOPLE);
    });
    afterAll(() => h?.close());

    it("prepares an index again without losing documents, and says how many it holds", async () => {
      const { documents } = await h.port.prepare(h.definition);
      expect(documents === null || documents === PEOPLE.length).toBe(true);
      expect((await find({ q: "martin" })).total).toBe(2);
    });

    it("finds by a name, whole-word match first, and counts every match", async () => {
      const res = await find({ q: "martin" });
      expect(res.ids.slice(0, 2)).toEqual([idOf("Olivia"), idOf("Oliver")]);
      expect(res.total).toBe(2);
    });

    it("puts the customer with an exact e-mail first", async () => {
      const res = await find({ q: "olivia.martin@example.com" });
      expect(res.ids[0]).toBe(idOf("Olivia"));
    });

    it("finds a mobile by its digits", async () => {
      const res = await find({ q: "0412345678" });
      expect(res.ids[0]).toBe(idOf("Olivia"));
    });

    it("narrows by exact filters, alone or with text", async () => {
      const nz = await find({ filters: { region_id: 2 }, sort: { field: "first_name", direction: "asc" } });
      expect(nz.ids).toEqual([idOf("Amelia"), idOf("Noah")]);
      expect(nz.total).toBe(2);
      const born = await find({ filters: { dob: "1990-04-12", region_id: 1 } });
      expect(born.ids).toEqual([idOf("Olivia")]);
      const none = await find({ q: "martin", filters: { region_id: 2 } });
      expect(none).toEqual({ ids: [], total: 0 });
    });

    it("sorts both ways and pages with a stable total", async () => {
      const asc = await find({ sort: { field: "first_name", direction: "asc" } });
      expect(asc.ids).toEqual(["Amelia", "Jack", "Noah", "Oliver", "Olivia"].map(idOf));
      const desc = await find({ sort: { field: "first_name", direction: "desc" } });
      expect(desc.ids).toEqual([...asc.ids].reverse());
      const page2 = await find({ sort: { field: "first_name", direction: "asc" }, perPage: 2, page: 2 });
      expect(page2).toEqual({ ids: ["Noah", "Oliver"].map(idOf), total: 5 });
      const past = await find({ sort: { field: "first_name", direction: "asc" }, perPage: 2, page: 9 });
      expect(past.ids).toEqual([]);
    });

    it("follows a record's change and its removal", async () => {
      await h.rename(idOf("Jack"), "Zachary");
      expect((await find({ q: "zachary" })).ids).toEqual([idOf("Jack")]);
      expect((await find({ q: "jack" })).ids).not.toContain(idOf("Jack"));
      await h.drop([idOf("Jack")]);
      expect((await find({ q: "zachary" })).ids).toEqual([]);
    });
  });
}
