import { describe, expect, it } from "vitest";
import type { Database } from "./client";
import { createReadClient } from "./read-client";
import { inRequestTransaction } from "./request-transaction";

/** A stand-in primary: the read client only hands it back, it never queries it. */
const primary = (kind: Database["kind"]) => ({ kind, db: {} }) as unknown as Database;

describe("read client (ADR 0040)", () => {
  it("reads the primary when no replica is configured, or when the primary is the embedded database", async () => {
    for (const [db, url] of [
      [primary("postgres"), undefined],
      [primary("pglite"), "postgres://postgres@127.0.0.1:5433/x"],
    ] as const) {
      const reads = createReadClient(db, { url, maxLagSeconds: 5 });
      expect(await reads.database()).toBe(db);
      expect(reads.state()).toMatchObject({ configured: false, target: "primary", reads: { primary: 1 } });
      await reads.close();
    }
  });

  it("reads the primary, within about a second, when the replica does not answer", async () => {
    const db = primary("postgres");
    // Port 1: nothing listens there, the connection is refused at once.
    const reads = createReadClient(db, { url: "postgres://postgres@127.0.0.1:1/x", maxLagSeconds: 5 });
    const started = Date.now();
    expect(await reads.database()).toBe(db);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(reads.state()).toMatchObject({ configured: true, target: "primary", lagSeconds: null });
    expect(reads.state().reason).toMatch(/did not answer/);
    await reads.close();
  });

  it("keeps a read inside an open transaction on the primary, without asking the replica", async () => {
    const db = primary("postgres");
    const reads = createReadClient(db, { url: "postgres://postgres@127.0.0.1:1/x", maxLagSeconds: 5 });
    // A transaction's callback runs inside the scope the guard reads; the stand-in runs it at once.
    const tx = { transaction: (fn: (tx: unknown) => unknown) => fn({}) } as unknown as Database["db"];
    const inside = await inRequestTransaction(tx, () => reads.database());
    expect(inside).toBe(db);
    expect(reads.state().reason).toBe("not checked yet");
    await reads.close();
  });
});
