import { sql } from "drizzle-orm";
import { regionProducts } from "../modules/catalogue/catalogue.tables";
import { customers } from "../modules/customers/customers.tables";
import { assignPromisedDates } from "../modules/jobs";
import { itemGroups, orderItems, orderPayments, orders } from "../modules/jobs/jobs.tables";
import { outlets, statuses } from "../modules/reference/reference.tables";
import type { Db } from "../platform/db/client";
import type { DemoSize } from "./demo";
import { seedDemoJobEvents } from "./demo-job-events";
import { demoTaxClass } from "./demo-tax-class";
import { createRng } from "./rng";

const PRODUCTS = [
  {
    name: "Harper frame + lenses",
    sku: "DEMO-HARPER-SV",
    kind: "frame" as const,
    productTypeKey: "glasses",
    parentTypeKey: "glasses",
    lensesType: "single-vision",
    requiresPrescription: true,
    priceMinor: 19500,
  },
  {
    name: "Milo frame + multifocal lenses",
    sku: "DEMO-MILO-MF",
    kind: "frame" as const,
    productTypeKey: "glasses",
    parentTypeKey: "glasses",
    lensesType: "multifocal",
    requiresPrescription: true,
    priceMinor: 39500,
  },
  {
    name: "Lenses only (your frame)",
    sku: "DEMO-LENS-SV",
    kind: "lens" as const,
    productTypeKey: "lenses-only",
    parentTypeKey: "lenses-only",
    lensesType: "single-vision",
    requiresPrescription: true,
    priceMinor: 14500,
  },
  {
    name: "Sunglasses (non-prescription)",
    sku: "DEMO-SUN",
    kind: "frame" as const,
    productTypeKey: "sunglasses",
    parentTypeKey: "glasses",
    lensesType: null,
    requiresPrescription: false,
    priceMinor: 15900,
  },
  {
    name: "Daily contact lenses (90 pack)",
    sku: "DEMO-CL-DAILY90",
    kind: "contact_lens" as const,
    productTypeKey: "contact-lenses",
    parentTypeKey: "contact-lenses",
    lensesType: null,
    requiresPrescription: true,
    priceMinor: 8900,
  },
  {
    name: "Blue-light coating",
    sku: "DEMO-BLUE",
    kind: "addon" as const,
    productTypeKey: "addon",
    parentTypeKey: "addon",
    lensesType: null,
    requiresPrescription: false,
    priceMinor: 4900,
  },
];
const GUESTS = ["Alex Morgan", "Jamie Fox", "Taylor Reid", "Robin Park", "Casey Brooks", "Jordan Blake"];
const PAYMENT_TYPES = ["Card", "Cash", "Afterpay", "Health fund", "Gift card"];
const STREETS = ["King St", "George St", "High St", "Queen St", "Victoria Rd", "Church St", "Park Ave"];
/** Jobs older than this have almost all left the workshop; the rest are the late ones. */
const SETTLED_AFTER_DAYS = 30;
const SETTLED = ["completed", "completed", "completed", "collected-by-customer", "dispatched"];

/**
 * Where a job's items can be, given the job's status: a finished job has finished items, an open
 * one open items (a completed job never keeps an item in "Wait on info"). Refunded and voided jobs
 * take all their items with them.
 */
const ITEM_SLUGS_FOR_ORDER: Record<string, string[]> = {
  "new-order": ["created", "new-order"],
  paid: ["new-order", "pending"],
  "in-progress": ["pending", "wait-on-info", "lenses-ordered", "received", "ready-to-edge", "in-progress"],
  "waiting-on-information": ["wait-on-info"],
  "lenses-ordered": ["lenses-ordered", "received"],
  "ready-to-edge": ["received", "ready-to-edge"],
  "ready-to-pick": ["ready-to-pick"],
  "ready-to-go": ["ready-to-go"],
  dispatched: ["dispatched"],
  "collected-by-customer": ["collected-by-customer"],
  completed: ["completed", "collected-by-customer"],
  cancelled: ["cancelled"],
  refunded: ["refunded"],
  "refunded-transaction": ["refunded-transaction"],
  voided: ["voided"],
};
/** A refunded job is every item refunded (quantity −1, jobs-area §4). */
const REFUNDED_ORDER_SLUGS = ["refunded", "refunded-transaction"];
/** What the customer has paid, given the job's status. */
const PAYMENT_SLUGS_FOR_ORDER: Record<string, string[]> = {
  "new-order": ["parked", "pending", "payment-due"],
  paid: ["paid"],
  refunded: ["refunded"],
  "refunded-transaction": ["refunded"],
  voided: ["voided"],
  cancelled: ["refunded", "voided"],
};

/** Region products for every region (the products demo jobs are made of). Idempotent. */
export async function seedRegionProducts(db: Db): Promise<void> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(regionProducts);
  if (n > 0) return;
  for (const regionId of [1, 2, 5])
    await db
      .insert(regionProducts)
      .values(PRODUCTS.map((p) => ({ ...p, regionId, taxClass: demoTaxClass(regionId, p) })));
}

/**
 * Jobs over the last 18 months across every status, outlet, channel and priority, tied to demo
 * customers or guests. Skipped when jobs exist. Rows go in as multi-row inserts in chunks.
 */
export async function seedDemoJobs(db: Db, size: DemoSize): Promise<void> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(orders);
  if (n > 0) return;
  await seedRegionProducts(db);
  const rng = createRng(5_000_011);
  const outletRows = (await db.select().from(outlets)).filter((o) => o.isActive);
  const statusRows = await db.select().from(statuses);
  const dispense = statusRows.filter((s) => s.kind === "dispense");
  const itemStatus = (slug: string) => statusRows.find((s) => s.kind === "item" && s.slug === slug)!;
  const paymentStatus = (slug: string) => statusRows.find((s) => s.kind === "payment" && s.slug === slug)!;
  const orderSlug = new Map(dispense.map((d) => [d.id, d.slug]));
  const products = await db.select().from(regionProducts);
  const customerRows = await db
    .select({
      id: customers.id,
      first: customers.firstName,
      last: customers.lastName,
      email: customers.email,
      mobile: customers.mobile,
      regionId: customers.regionId,
    })
    .from(customers)
    .limit(5000);
  const now = Date.now();
  const total = size.jobs;
  for (let start = 0; start < total; start += 500) {
    const batch = Array.from({ length: Math.min(500, total - start) }, (_, k) => {
      const i = start + k + 1;
      const outlet = rng.pick(outletRows);
      const online = rng.chance(0.2);
      const c = rng.chance(0.75) && customerRows.length ? rng.pick(customerRows) : null;
      const [gFirst, gLast] = rng.pick(GUESTS).split(" ");
      const ageDays = rng.int(0, 540);
      // Old jobs are mostly finished, as in a real workshop; a few stay open and show as late.
      const settled = ageDays > SETTLED_AFTER_DAYS && rng.chance(0.9);
      const settledSlug = rng.pick(SETTLED);
      const status = settled ? dispense.find((d) => d.slug === settledSlug)! : rng.pick(dispense);
      const created = new Date(now - ageDays * 86_400_000 - rng.int(0, 86_399) * 1000);
      return {
        uid: `J${String(i).padStart(7, "0")}`,
        name: `#${1000 + i}`,
        vendInvoiceNumber: online ? `ONL-${100000 + i}` : `${outlet.abbreviation}-${100000 + i}`,
        customerId: c?.id ?? null,
        billingFirstName: c?.first ?? gFirst,
        billingLastName: c?.last ?? gLast,
        billingEmail: c?.email ?? `${gFirst.toLowerCase()}.${i}@guest.example.com`,
        billingMobile: c?.mobile ?? null,
        billingAddress: {
          address1: `${rng.int(1, 299)} ${rng.pick(STREETS)}`,
          address2: null,
          suburb: outlet.suburb,
          city: outlet.city,
          state: outlet.state,
          postcode: outlet.postcode,
          country: outlet.country,
        },
        totalAmountMinor: 0,
        totalPaymentMinor: 0,
        dispenseStatusId: status.id,
        paymentStatusId: paymentStatus(
          rng.pick(PAYMENT_SLUGS_FOR_ORDER[status.slug] ?? ["paid", "paid", "partially-paid"]),
        ).id,
        priority: rng.chance(0.1) ? 2 : 1,
        channelId: online ? 4 : 1,
        channel: online ? "dv4" : "pos",
        isOctoposOrder: !online,
        originOutletId: outlet.id,
        regionId: outlet.regionId,
        shipmentStatus: (online && rng.chance(0.3) ? "created" : "not_created") as "created" | "not_created",
        createdAt: created,
        updatedAt: created,
        // The demo's jobs reached their status when they were last touched (a ready one waits on the shelf since).
        dispenseStatusAt: created,
      };
    });
    const inserted = await db.insert(orders).values(batch).returning({
      id: orders.id,
      regionId: orders.regionId,
      outletId: orders.originOutletId,
      createdAt: orders.createdAt,
      statusId: orders.dispenseStatusId,
    });
    const items: (typeof orderItems.$inferInsert)[] = [];
    const groups: (typeof itemGroups.$inferInsert)[] = [];
    const pays: (typeof orderPayments.$inferInsert)[] = [];
    const totals = new Map<number, number>();
    for (const o of inserted) {
      const regional = products.filter((p) => p.regionId === (o.regionId === 6 ? 1 : o.regionId));
      const count = rng.int(1, 3);
      const slug = orderSlug.get(o.statusId) ?? "in-progress";
      const refunded = REFUNDED_ORDER_SLUGS.includes(slug);
      for (let k = 0; k < count; k++) {
        const p = rng.pick(regional);
        const discount = rng.chance(0.2) ? Math.round(p.priceMinor * 0.1) : 0;
        items.push({
          orderId: o.id,
          regionProductId: p.id,
          quantity: refunded ? -1 : 1,
          dispenseStatusId: itemStatus(rng.pick(ITEM_SLUGS_FOR_ORDER[slug] ?? ["in-progress"])).id,
          outletId: o.outletId,
          unitPriceMinor: p.priceMinor,
          totalAmountMinor: p.priceMinor - discount,
          discountAmountMinor: discount,
          deliveryTypeId: rng.chance(0.7) ? 1 : 2,
          createdAt: o.createdAt,
        });
        totals.set(o.id, (totals.get(o.id) ?? 0) + p.priceMinor - discount);
      }
      if (count > 1 && rng.chance(0.4)) groups.push({ orderId: o.id, name: "Glasses set", type: "set" });
      pays.push({
        orderId: o.id,
        amountMinor: totals.get(o.id)!,
        paymentTypeName: rng.pick(PAYMENT_TYPES),
        createdAt: o.createdAt,
      });
    }
    await db.insert(orderItems).values(items);
    // Every job is promised a day when it is made, from its items (issue 27).
    await assignPromisedDates(
      db,
      inserted.map((o) => o.id),
    );
    if (groups.length) {
      const made = await db.insert(itemGroups).values(groups).returning();
      for (const g of made) {
        await db.execute(sql`update order_items set group_id = ${g.id} where order_id = ${g.orderId}`);
      }
    }
    await db.insert(orderPayments).values(pays);
    await db.execute(sql`update orders o set total_amount_minor = t.total, total_payment_minor = t.total
      from (select order_id, sum(total_amount_minor)::int as total from order_items where order_id between ${inserted[0].id} and ${inserted[inserted.length - 1].id} group by order_id) t
      where t.order_id = o.id`);
  }
  await seedDemoCardPayments(db);
  await seedDemoJobEvents(db);
}

/**
 * Online jobs were paid by card through the gateway (here the sandbox), so refunding one returns
 * the money to the card. So that the demo shows both buttons: the newest open online jobs still
 * only hold the card (authorised, a Void), and the newest point-of-sale jobs were paid today at
 * the till (a Void); every other paid job shows Refund.
 */
async function seedDemoCardPayments(db: Db): Promise<void> {
  // A refunded or voided job's items are refunded too (quantity −1), as a refund leaves them.
  await db.execute(sql`
    update order_items i set quantity = -1 from orders o join statuses s on s.id = o.dispense_status_id
    where o.id = i.order_id and s.slug in ('refunded', 'voided', 'refunded-transaction')`);
  await db.execute(sql`
    update order_payments p set payment_type_name = 'Card', gateway = 'sandbox', intent_id = 'pi_sandbox_demo_' || p.id
    from orders o where o.id = p.order_id and o.channel_id = 4`);
  await db.execute(sql`
    insert into sandbox_payment_intents (id, client_secret, idempotency_key, amount_minor, currency, description, status, created_at)
    select p.intent_id, p.intent_id || '_secret_demo', 'demo-payment-' || p.id, p.amount_minor, r.default_currency,
           'Job ' || o.vend_invoice_number, 'succeeded', p.created_at
    from order_payments p join orders o on o.id = p.order_id join regions r on r.id = o.region_id
    where p.intent_id is not null
    on conflict do nothing`);
  const open = sql`(select id from statuses where kind = 'dispense' and slug in ('new-order', 'paid', 'in-progress', 'ready-to-go'))`;
  await db.execute(sql`
    with held as (
      select p.id, p.intent_id from order_payments p join orders o on o.id = p.order_id
      where o.channel_id = 4 and o.dispense_status_id in ${open}
      order by o.created_at desc limit 3)
    , up as (update order_payments p set state = 'authorised' from held where held.id = p.id returning p.intent_id)
    update sandbox_payment_intents i set status = 'requires_capture' from up where up.intent_id = i.id`);
  await db.execute(sql`
    update order_payments p set created_at = now()
    where p.order_id in (
      select o.id from orders o where o.channel_id <> 4 and o.dispense_status_id in ${open}
      order by o.created_at desc limit 5)`);
}
