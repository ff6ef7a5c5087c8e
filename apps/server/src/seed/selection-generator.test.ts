import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/test-app";
import { seedLensCatalogue } from "./demo-lens-catalogue";
import { createRng } from "./rng";
import { loadSelectionCatalogue } from "./selection-catalogue";
import { seededSelectionErrors } from "./selection-check";
import {
  bulkOrderEyes,
  bulkOrderSelections,
  itemsWithSelection,
  type SeedOrder,
  type SelectionCatalogue,
} from "./selection-generator";

/**
 * The bulk seeder's generator, on its own: a few hundred orders over the whole catalogue, every
 * item past the selection step given a selection the save endpoint's rules accept.
 */
let t: TestApp;
let cat: SelectionCatalogue;

beforeAll(async () => {
  t = await createTestApp();
  await seedLensCatalogue(t.database.db);
  cat = await loadSelectionCatalogue(t.database.db);
}, 120_000);
afterAll(() => t.close());

describe("bulk selection generator", () => {
  it("gives every item past the selection step a selection the save rules accept", () => {
    const products = [...cat.products.values()];
    let rxId = 0;
    let pdId = 0;
    const ids = { nextRxId: () => ++rxId, nextPdId: () => ++pdId };
    const now = Date.now();
    let selected = 0;
    const failures: string[] = [];
    for (let id = 1; id <= 400; id++) {
      const rng = createRng(id);
      const order: SeedOrder = {
        customerId: rng.chance(0.7) ? rng.int(1, 1000) : null,
        outletId: 1,
        createdAt: new Date(now - rng.int(0, 1000) * 86_400_000),
        items: Array.from({ length: rng.int(1, 4) }, () => ({
          productId: rng.pick(products).id,
          pastSelection: rng.chance(0.8),
        })),
      };
      const eyes = bulkOrderEyes(createRng(id ^ 1), cat, order, ids);
      const made = bulkOrderSelections(createRng(id ^ 2), cat, order, eyes, now);
      const expected = itemsWithSelection(cat, order);
      order.items.forEach((item, k) => {
        if (!expected[k]) {
          expect(made[k]).toBeNull();
          return;
        }
        const m = made[k];
        if (!m) {
          failures.push(`order ${id} item ${k}: no selection`);
          return;
        }
        selected++;
        const errors = seededSelectionErrors(
          cat,
          { productId: item.productId, customerId: order.customerId },
          m.selection,
          JSON.parse(JSON.stringify(m.info)),
        );
        if (Object.keys(errors).length) failures.push(`order ${id} item ${k}: ${JSON.stringify(errors)}`);
        expect(m.info.saved_at <= new Date(now).toISOString()).toBe(true);
      });
    }
    expect(failures.slice(0, 5)).toEqual([]);
    expect(selected).toBeGreaterThan(500);
  });

  it("is the same on every call, so each COPY pass regenerates the same rows", () => {
    const order: SeedOrder = {
      customerId: 7,
      outletId: 1,
      createdAt: new Date("2026-01-05T10:00:00Z"),
      items: [...cat.products.values()].map((p) => ({ productId: p.id, pastSelection: true })),
    };
    const run = () => {
      let rx = 100;
      let pd = 200;
      const eyes = bulkOrderEyes(createRng(9), cat, order, { nextRxId: () => ++rx, nextPdId: () => ++pd });
      return JSON.stringify([
        eyes,
        bulkOrderSelections(createRng(10), cat, order, eyes, Date.parse("2026-02-01")),
      ]);
    };
    expect(run()).toBe(run());
  });
});
