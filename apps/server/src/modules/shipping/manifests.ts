import {
  localDay,
  type ManifestTimes,
  manifestDue,
  manifestReference,
  shippingMessages,
} from "@loupe/domain";
import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { CourierError, type Couriers } from "../../integrations/couriers";
import type { Database } from "../../platform/db/client";
import { AppError, notFound } from "../../platform/http/app-error";
import { outletsWithOpenShipments, outletWithTimeZone } from "./shipping.queries";
import { shipmentEvents, shipments, shippingManifests } from "./shipping.tables";

type ManifestRow = typeof shippingManifests.$inferSelect;

/**
 * End-of-day manifests: an outlet's booked, not yet manifested shipments of the drop-off courier
 * (Australia Post, or the local rate-card courier, for which it is a recorded no-op) go on one
 * carrier order per outlet and local day. The row `(courier, outlet, day)` is claimed first (a
 * unique key), so the timer of every server process and a staff click make it once; the carrier is
 * called with no transaction open; a failed run can be run again.
 */
export function createManifests(options: {
  database: Database;
  couriers: Couriers;
  times: ManifestTimes;
  checkSeconds: number;
  /** How long a second caller waits for a run under way (the carrier's deadline and some). */
  waitMs: number;
  log?: FastifyBaseLogger;
  now?: () => Date;
}) {
  const { database, couriers } = options;
  const db = database.db;
  const now = options.now ?? (() => new Date());
  const courier = couriers.aupost;

  async function outletOf(outletId: number) {
    const [row] = await outletWithTimeZone(db, outletId);
    return row;
  }
  const open = (outletId: number) =>
    and(
      eq(shipments.courier, courier.name),
      eq(shipments.senderOutletId, outletId),
      eq(shipments.state, "created"),
      isNull(shipments.manifestId),
      isNull(shipments.cancelRequestedAt),
    );

  /** Claims the outlet's day and its open shipments; null when there is nothing to do. */
  async function claim(outletId: number, day: string, staffId: number | null) {
    return db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(shippingManifests)
        .values({
          courier: courier.name,
          senderOutletId: outletId,
          manifestDate: day,
          state: "pending",
          createdBy: staffId,
        })
        .onConflictDoNothing()
        .returning();
      let row: ManifestRow | undefined = inserted;
      if (!row) {
        // Taken before: a failed run is taken up again, anything else is the day's answer.
        [row] = await tx
          .update(shippingManifests)
          .set({ state: "pending", lastError: null, updatedAt: new Date() })
          .where(
            and(
              eq(shippingManifests.courier, courier.name),
              eq(shippingManifests.senderOutletId, outletId),
              eq(shippingManifests.manifestDate, day),
              eq(shippingManifests.state, "failed"),
            ),
          )
          .returning();
        if (!row) return { existing: true as const };
      }
      const taken = await tx
        .update(shipments)
        .set({ manifestId: row.id, updatedAt: new Date() })
        .where(open(outletId))
        .returning({
          id: shipments.id,
          orderId: shipments.orderId,
          carrierOrderId: shipments.carrierOrderId,
        });
      if (!taken.length) {
        // Nothing booked: the day stays open for a later run.
        await tx.delete(shippingManifests).where(eq(shippingManifests.id, row.id));
        return null;
      }
      return { row, taken };
    });
  }

  async function existing(outletId: number, day: string) {
    const [row] = await db
      .select()
      .from(shippingManifests)
      .where(
        and(
          eq(shippingManifests.courier, courier.name),
          eq(shippingManifests.senderOutletId, outletId),
          eq(shippingManifests.manifestDate, day),
        ),
      );
    return row;
  }

  /** A run under way elsewhere (a double click, another process): its answer. */
  async function settled(outletId: number, day: string) {
    const deadline = Date.now() + options.waitMs;
    for (;;) {
      const row = await existing(outletId, day);
      if (row?.state !== "pending" || Date.now() > deadline) return row ?? null;
      await new Promise((r) => setTimeout(r, 150));
    }
  }

  /**
   * Manifests the outlet's open shipments for its local day. Answers the day's manifest (`made`:
   * by this call), or null when there was nothing to manifest.
   */
  async function run(
    outletId: number,
    staffId: number | null,
  ): Promise<{ row: ManifestRow; made: boolean } | null> {
    if (!courier.manifest) return null;
    const outlet = await outletOf(outletId);
    if (!outlet) throw notFound("Outlet");
    const day = localDay(now(), outlet.timeZone);
    const claimed = await claim(outletId, day, staffId);
    if (!claimed) return null;
    if ("existing" in claimed) {
      const row = await settled(outletId, day);
      return row && { row, made: false };
    }
    const { row, taken } = claimed;
    try {
      const made = await courier.manifest(
        taken.map((t) => t.carrierOrderId).filter((id): id is string => id != null),
        manifestReference(outletId, day),
      );
      const done = await db.transaction(async (tx) => {
        const [done] = await tx
          .update(shippingManifests)
          .set({
            state: "done",
            carrierOrderId: made.carrierOrderId,
            shipmentCount: taken.length,
            summaryPdf: made.summaryPdf?.toString("base64") ?? null,
            updatedAt: new Date(),
          })
          .where(eq(shippingManifests.id, row.id))
          .returning();
        const ids = taken.map((t) => t.id);
        await tx.update(shipments).set({ manifestedAt: new Date() }).where(inArray(shipments.id, ids));
        await tx.insert(shipmentEvents).values(
          taken.map((t) => ({
            shipmentId: t.id,
            orderId: t.orderId,
            status: "manifested",
            description: `On ${courier.company} manifest ${made.carrierOrderId}`,
          })),
        );
        return done;
      });
      return { row: done, made: true };
    } catch (err) {
      const message = err instanceof CourierError ? [err.message, ...err.errors].join(" · ") : String(err);
      options.log?.warn({ err, outletId, day }, "manifest failed");
      // The shipments go back to the open pool; running again re-asks the carrier with the same
      // reference, which finds an order the carrier made before failing to answer.
      await db.transaction(async (tx) => {
        await tx.update(shipments).set({ manifestId: null }).where(eq(shipments.manifestId, row.id));
        await tx
          .update(shippingManifests)
          .set({ state: "failed", lastError: message, updatedAt: new Date() })
          .where(eq(shippingManifests.id, row.id));
      });
      if (err instanceof CourierError)
        throw new AppError(err.kind === "rejected" ? "conflict" : "upstream_failed", err.message, {
          errors: err.errors,
        });
      throw err;
    }
  }

  /** One timer round: every outlet with open shipments whose local end-of-day time has passed. */
  async function runDue(): Promise<number> {
    if (!courier.manifest || !options.times) return 0;
    const waiting = await outletsWithOpenShipments(db, courier.name);
    let made = 0;
    for (const outlet of waiting) {
      if (!manifestDue(options.times, outlet, now())) continue;
      const done = await existing(outlet.id, localDay(now(), outlet.timeZone));
      if (done && done.state !== "failed") continue; // today's is made; the rest go on tomorrow's
      try {
        if ((await run(outlet.id, null))?.made) made++;
      } catch {
        // Logged in run(); the next round tries again.
      }
    }
    return made;
  }

  return {
    run,
    runDue,
    /** Staff's Manifest today: the day's manifest, made now or a moment ago by another click. */
    async runNow(outletId: number, staffId: number) {
      const result = await run(outletId, staffId);
      if (!result) throw new AppError("conflict", shippingMessages.nothingToManifest);
      if (!result.made && result.row.state === "done") {
        const [left] = await db.select({ id: shipments.id }).from(shipments).where(open(outletId)).limit(1);
        if (left) throw new AppError("conflict", shippingMessages.manifestMadeToday);
      }
      if (result.row.state !== "done")
        throw new AppError("conflict", result.row.lastError ?? shippingMessages.nothingToManifest);
      return result.row;
    },
    async list(outletId: number) {
      return db
        .select()
        .from(shippingManifests)
        .where(eq(shippingManifests.senderOutletId, outletId))
        .orderBy(desc(shippingManifests.manifestDate), desc(shippingManifests.id))
        .limit(30);
    },
    async summary(id: number): Promise<{ pdf: Buffer; name: string }> {
      const [row] = await db.select().from(shippingManifests).where(eq(shippingManifests.id, id));
      if (!row?.summaryPdf) throw notFound("Manifest summary");
      return { pdf: Buffer.from(row.summaryPdf, "base64"), name: `manifest-${row.carrierOrderId}.pdf` };
    },
  };
}
export type Manifests = ReturnType<typeof createManifests>;
