import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../test/test-app";
import { seedDemoCustomers } from "./demo-customers";
import { demoSeedDecision } from "./demo-guard";
import { DEMO_LOGIN } from "./demo-staff";

// Issue 31: the demo seeder never writes into a database holding data it did not write, nor
// above its size, and decides without reading the whole of a big table.
describe("whether the demo data may be seeded", () => {
  const database = useTestDatabase();

  it("seeds an empty database, finishes its own, and leaves anyone else's alone", async () => {
    const db = database().db;
    expect(await demoSeedDecision(db)).toEqual({ seed: true });

    await seedDemoCustomers(db, { customers: 5, jobs: 0 });
    // Its own (the demo administrator is there): a run that stopped half-way may finish.
    expect(await demoSeedDecision(db)).toEqual({ seed: true });
    // Above the size limit, even its own is left alone.
    const over = await demoSeedDecision(db, { customers: 4, jobs: 100 });
    expect(over.seed).toBe(false);
    expect(over.seed === false && over.reason).toMatch(/more than 100 jobs or 4 customers/);

    // Someone else's: customers, and no demo administrator.
    await database().query("update staff_users set email = 'owner@example.com' where lower(email) = $1", [
      DEMO_LOGIN.email,
    ]);
    expect(await demoSeedDecision(db)).toEqual({
      seed: false,
      reason: "the database holds customers or jobs the demo seeder did not write",
    });
  });
});
