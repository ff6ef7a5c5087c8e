import { shippingMessages } from "@loupe/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalCourier } from "../../integrations/couriers";
import { createAusPostCourier } from "../../integrations/couriers/auspost.adapter";
import {
  AUSPOST_CREDENTIALS,
  type StandIn,
  startAusPostStandIn,
} from "../../integrations/couriers/stand-ins";
import type { TestApp } from "../../test/test-app";
import { createManifests } from "./manifests";
import { freshJobs, orderBody, outletId, seededShippingApp } from "./shipping.fixtures";
import { createTrackingPoller } from "./tracking-poller";

type Event = { kind: string; from: string | null; to: string | null; by: string; description: string };

/** Cancel, the job's timeline and end-of-day manifests, against one courier set. */
function suite(name: string, courier: "local" | "auspost") {
  describe(name, () => {
    let t: TestApp;
    let token: string;
    let ntn: number;
    let auspost: StandIn | null = null;
    let couriers: Parameters<typeof createTrackingPoller>[0]["couriers"];
    const product = courier === "auspost" ? "3D55" : "LOCAL-PP";
    const post = (url: string, payload?: unknown) =>
      t.call(token, { method: "POST", url, payload: payload as object });
    const get = (url: string) => t.call(token, { method: "GET", url });
    const timeline = async (job: number) =>
      ((await get(`/api/staff/orders/${job}/events`)).json().data.events as Event[]).filter(
        (e) => e.kind === "shipment",
      );
    beforeAll(async () => {
      if (courier === "auspost") {
        auspost = await startAusPostStandIn();
        couriers = {
          // Generous: no test here waits on a slow carrier, and a loaded CI machine answers late.
          aupost: createAusPostCourier({ ...AUSPOST_CREDENTIALS, baseUrl: auspost.url, timeoutMs: 5_000 }),
          sendle: null,
        };
      }
      ({ t, token, ntn } = await seededShippingApp({
        env: { TRACKING_POLL_SECONDS: "0", MANIFEST_CHECK_SECONDS: "0" },
        adapters: auspost ? { couriers } : undefined,
      }));
      if (!auspost)
        couriers = {
          aupost: createLocalCourier(t.database.db, { publicUrl: t.config.publicUrl }),
          sendle: null,
        };
    });
    afterAll(async () => {
      await t.close();
      await auspost?.close();
    });

    it("cancels a created shipment once under a double click; the job can ship again", async () => {
      const [job] = await freshJobs(t);
      const first = await post("/api/staff/au-post-orders", orderBody(job, ntn, product));
      expect(first.statusCode).toBe(200);
      expect(first.json().data).toMatchObject({ can_cancel: true, manifest_order_id: null });
      const bookingsBefore = auspost?.bookings();
      // A double click, and then some: four at once (on PostgreSQL too, with test:pg).
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => post(`/api/staff/shipments/${job}/cancel`)),
      );
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
      const a = answers[0];
      expect(a.json().message).toBe(shippingMessages.cancelled);
      expect(a.json().data).toMatchObject({ state: "cancelled", can_cancel: false });
      expect(new Set(answers.map((r) => r.json().data.id)).size).toBe(1);
      if (auspost) {
        expect(auspost.requests.filter((r) => r.method === "DELETE")).toHaveLength(1);
        expect(auspost.bookings()).toBe(bookingsBefore! - 1);
      }
      const detail = (await get(`/api/staff/orders/${job}`)).json().data;
      expect(detail).toMatchObject({ shipment_status: "not_created", shipment_company: null });
      // Once more, later: answers the cancelled shipment, asks nobody.
      expect((await post(`/api/staff/shipments/${job}/cancel`)).statusCode).toBe(200);
      const again = await post("/api/staff/au-post-orders", orderBody(job, ntn, product));
      expect(again.statusCode).toBe(200);
      expect(again.json().data).toMatchObject({ attempt: 2, state: "created" });
      const moves = await timeline(job);
      expect(moves.map((e) => e.from)).toEqual(["created", "cancelled", "created"]);
      expect(moves[1].description).toBe(
        `Shipment cancelled: ${first.json().data.company} ${first.json().data.tracking_number}`,
      );
      expect(moves[1].by).not.toBe("System");
    });

    it("refuses to cancel a job without a shipment (404) or a delivered one (409)", async () => {
      const [, , job] = await freshJobs(t);
      expect((await post(`/api/staff/shipments/${job}/cancel`)).statusCode).toBe(404);
      expect((await post("/api/staff/shipments/999999999/cancel")).statusCode).toBe(404);
      expect((await post(`/api/staff/au-post-orders`, orderBody(job, ntn, product))).statusCode).toBe(200);
      await t.database.query("update shipments set state = 'delivered' where order_id = $1", [job]);
      const refused = await post(`/api/staff/shipments/${job}/cancel`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(shippingMessages.notCancellable);
    });

    it("manifests the outlet's day once, records it per shipment, then refuses to cancel them", async () => {
      const jobs = (await freshJobs(t)).slice(0, 2);
      for (const job of jobs)
        expect((await post("/api/staff/au-post-orders", orderBody(job, ntn, product))).statusCode).toBe(200);
      const [a, b] = await Promise.all([
        post("/api/staff/shipments/manifests", { sender_outlet_id: ntn }),
        post("/api/staff/shipments/manifests", { sender_outlet_id: ntn }),
      ]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      const m = a.json().data;
      expect(b.json().data.id).toBe(m.id);
      expect(m).toMatchObject({ state: "done", sender_outlet_id: ntn, courier });
      expect(m.shipment_count).toBeGreaterThanOrEqual(2);
      expect(a.json().message).toBe(shippingMessages.manifested(m.shipment_count));
      if (auspost) {
        expect(auspost.orders!()).toBe(1);
        const put = auspost.requests.find((r) => r.method === "PUT" && r.path === "/orders");
        expect(put?.body).toMatchObject({ payment_method: "CHARGE_TO_ACCOUNT" });
        expect(m.carrier_order_id).toMatch(/^AP\d{7}$/);
        expect(m.has_summary).toBe(true);
        const pdf = await get(`/api/staff/shipments/manifests/${m.id}/summary`);
        expect(pdf.statusCode).toBe(200);
        expect(pdf.headers["content-type"]).toBe("application/pdf");
        expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
      } else {
        // The local courier has nothing to hand over, but the day is still recorded.
        expect(m.carrier_order_id).toMatch(/^LM-LOUPE-/);
        expect(m.has_summary).toBe(false);
      }
      const detail = (await get(`/api/staff/orders/${jobs[0]}`)).json().data;
      expect(detail.shipment).toMatchObject({ manifest_order_id: m.carrier_order_id, can_cancel: false });
      expect(detail.shipment.manifested_at).not.toBeNull();
      expect(detail.shipment.events.map((e: { status: string }) => e.status)).toContain("manifested");
      const refused = await post(`/api/staff/shipments/${jobs[0]}/cancel`);
      expect(refused.statusCode).toBe(409);
      // The day is made: a parcel booked after it waits for the next one, and says so.
      const [late] = await freshJobs(t);
      expect((await post("/api/staff/au-post-orders", orderBody(late, ntn, product))).statusCode).toBe(200);
      const again = await post("/api/staff/shipments/manifests", { sender_outlet_id: ntn });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(shippingMessages.manifestMadeToday);
      if (auspost) expect(auspost.orders!()).toBe(1);
      // The listing shows the day.
      const list = (await get(`/api/staff/shipments/manifests?sender_outlet_id=${ntn}`)).json().data;
      expect(list[0].id).toBe(m.id);
      expect((await get("/api/staff/shipments/manifests?sender_outlet_id=x")).statusCode).toBe(422);
    });

    it("the end-of-day timer manifests an outlet once its own local time has passed, once", async () => {
      const [job] = await freshJobs(t);
      const bon = await outletId(t, "BON");
      expect((await post("/api/staff/au-post-orders", orderBody(job, bon, product))).statusCode).toBe(200);
      const at = (iso: string) => () => new Date(iso);
      const make = (now: () => Date) =>
        createManifests({
          database: t.database,
          couriers,
          // Bondi Junction closes at 17:30; every other outlet later than any instant asked here.
          times: { default: "23:59", byOutlet: { BON: "17:30" } },
          checkSeconds: 0,
          waitMs: 1000,
          now,
        });
      // 06:00 UTC is 17:00 in Sydney (daylight time): not yet.
      expect(await make(at("2026-11-23T06:00:00Z")).runDue()).toBe(0);
      // 07:00 UTC is 18:00 in Sydney: due, once.
      const late = make(at("2026-11-23T07:00:00Z"));
      expect(await late.runDue()).toBe(1);
      expect(await late.runDue()).toBe(0);
      const [row] = await t.database.query<{ manifest_date: string }>(
        "select manifest_date::text from shipping_manifests where sender_outlet_id = $1",
        [bon],
      );
      expect(row.manifest_date).toBe("2026-11-23");
    });

    it("puts created → in transit → delivered on the job's timeline once each, with carrier and tracking number", async () => {
      const [job] = await freshJobs(t, true);
      const created = (await post("/api/staff/au-post-orders", orderBody(job, ntn, product))).json().data;
      const poller = createTrackingPoller({
        database: t.database,
        couriers,
        intervalSeconds: 0,
        deliveredItemStatus: "dispatched",
      });
      const step = async (status: string) => {
        if (auspost) auspost.setTracking(created.tracking_number, status);
        else
          await t.database.query(
            `update local_courier_orders set created_at = now() - interval ${status === "Delivered" ? "'30 days'" : "'2 hours'"}
              where tracking_number = $1`,
            [created.tracking_number],
          );
        await t.database.query(
          "update shipments set next_poll_at = now() - interval '1 second' where order_id = $1",
          [job],
        );
        await poller.pollOnce();
      };
      await step("In transit");
      await step("In transit"); // a repeated scan adds nothing
      await step("Delivered");
      await step("Delivered");
      const moves = await timeline(job);
      const what = `${created.company} ${created.tracking_number}`;
      expect(moves.map((e) => e.description)).toEqual([
        `Shipment created: ${what}`,
        `Shipment in transit: ${what}`,
        `Shipment delivered: ${what}`,
      ]);
      expect(moves.map((e) => e.by).slice(1)).toEqual(["System", "System"]);
      // The delivered online job's items moved to Dispatched, each on the timeline too.
      const detail = (await get(`/api/staff/orders/${job}`)).json().data;
      const live = detail.items.filter((i: { quantity: number }) => i.quantity !== -1);
      expect(
        live.every((i: { dispense_status: { slug: string } }) => i.dispense_status.slug === "dispatched"),
      ).toBe(true);
      const events = (await get(`/api/staff/orders/${job}/events`)).json().data.events as Event[];
      expect(
        events.filter((e) => e.kind === "item_status" && e.by === "System").length,
      ).toBeGreaterThanOrEqual(live.length > 0 ? 1 : 0);
    });
  });
}

suite("cancel, timeline and manifests with the local rate-card courier", "local");
suite("cancel, timeline and manifests with Australia Post (stand-in)", "auspost");
