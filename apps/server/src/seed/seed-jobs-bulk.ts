import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  DEFAULT_WORKSHOP_SETTINGS,
  isItemPastSelection,
  promisedDate,
  promiseKindOf,
  turnaroundFor,
} from "@loupe/domain";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { openBenchDatabase } from "./bench-database";
import {
  copyLine,
  PD_COPY_COLUMNS,
  PRESCRIPTION_COPY_COLUMNS,
  pdCopyLine,
  prescriptionCopyLine,
} from "./copy-lines";
import { deferForBulkSeed } from "./deferred-indexes";
import { seedLensCatalogue } from "./demo-lens-catalogue";
import { createRng, type Rng } from "./rng";
import { loadSelectionCatalogue } from "./selection-catalogue";
import { bulkOrderEyes, bulkOrderSelections, type SeedOrder } from "./selection-generator";

/**
 * `npm run seed:jobs [orders] [itemsTarget]`: COPY generated jobs (default 2,000,000 orders and about
 * 5,000,000 items) into the bench database, after what is there. Each order is generated from an rng
 * seeded by its id, so every COPY pass (orders, item groups, items, payments) regenerates the same
 * order without holding millions of rows in memory. Items past the selection step carry the
 * selection the job edit would have saved (additional_info and revision 1), on a prescription and
 * PD recorded for the order (selection-generator.ts, shared with the demo); `--no-selections` leaves
 * those out.
 */
const args = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const total = Number(args[0] ?? 2_000_000);
const itemsTarget = Number(args[1] ?? Math.round(total * 2.5));
/** `--no-selections`: orders, items and payments only, for list benchmarks (about 5× faster). */
const withSelections = !process.argv.includes("--no-selections");

const FIRST =
  `Olivia Noah Charlotte Oliver Amelia Jack Isla William Mia Henry Ava Leo Grace Lucas Chloe Thomas Zoe
  James Ruby Hudson Aroha Nikau Maia Liam Emma Ethan Sophie Mason Harper Wei Priya Arjun Mei Hiroshi Fatima Omar Lena
  Mateo Elena Finn Ella Matilda Evie Sienna Willow Ivy Hazel Georgia Lily Sofia Alice Poppy Frankie Audrey Florence
  Matteo Theodore Archie Harrison Oscar Charlie Max Louis Hugo Elijah Levi Harvey Samuel Isaac Edward Sebastian Xavier
  Felix Jasper Arlo Ari Luca Ryan Kai Nate Tane Manaia Anahera Mere Hemi Tama Wiremu Ngaio Kiri Rangi Aria Tui Sina Losa
  Malia Ana Sione Tevita Mele Nadia Yasmin Layla Zara Amira Karim Tariq Ravi Anika Divya Sanjay Vikram Rohan Neha Kavya
  Aditi Rahul Deepa Jin Yuki Kenji Haruto Sakura Aiko Min Jia Xin Hao Yan Tao Bao Linh Minh Thanh Huong Duc Quang Mai
  Nam Camille Gabriel Jules Amelie Etienne Margaux Theo Nathan Olivier Simon Mathieu Juliette Antoine Benoit Elodie
  Maxime Aurelie Ines Raphael Gael Noemie Alexis Emilie Francois Genevieve Sylvie Pierre Luc Andre Claude Rosalie Maeve
  Aoife Ciaran Niamh Siobhan Declan Eoin Cormac Fiona Moira Angus Callum Hamish Ewan Rory Bronte Indi Sunny Skye Jade
  Amber Holly Rose Daisy Violet Iris Stella Luna Nova Eden Quinn Reese Drew Blake Morgan Taylor Jordan Casey Riley
  Avery Jamie Robin Alex Sam Dana Logan Parker Rowan Sage Emerson Ellis Marlowe Fletcher Beau Banjo Ned Ted Albie Alfie
  Reggie Percy Stanley Otis Rufus Ottilie Edith Mabel Nell Elsie Beatrice Clementine Harriet Lottie Imogen Penelope
  Adelaide Eloise Scarlett Savannah Madison Brooklyn Addison Aubrey Paisley Hailey Kayla Tegan Brianna Kirra Jarrah
  Bindi Lowanna Marlee Tahlia Lachlan Cooper Flynn Bailey Jett Ryder Koa Marcus Adrian Damian Julian Dominic Vincent
  Patrick Brendan Shane Craig Darren Glenn Wayne Trent Brett Troy Kylie Tanya Leanne Michelle Belinda Narelle Sharon`
    .split(/\s+/)
    .filter((n, i, all) => n && all.indexOf(n) === i);
const LAST =
  `Smith Jones Williams Brown Wilson Taylor Nguyen Johnson Martin White Anderson Walker Thompson Harris Lee
  Ryan King Campbell Tremblay Gagnon Roy Cote Ngata Parata Patel Singh Chen Wang Kumar Kelly O'Brien Murphy Clarke Scott
  Young Hall Moore Wright Green Baker Mitchell Robinson Wood Edwards Hughes Evans Turner Hill Cooper Ward Morris Jackson
  Lewis Roberts Davies Stewart Watson Bennett Cook Bell Collins Kennedy Russell Graham Fraser Hamilton Ross Reid Murray
  Morrison Gordon Paterson Duncan Sutherland McDonald MacKenzie McLeod Henderson Ferguson Cameron Grant Hunter Mills
  Lawrence Spencer Carter Dixon Marshall Price Webb Barker Hart Knight Elliott Chapman Lloyd Fisher Holmes Rogers
  Stevens Shaw Palmer Gibson Jenkins Wallace Armstrong Hayes Lane Burke Byrne Doyle Walsh Quinn Gallagher Brennan Nolan
  Fitzgerald Lynch Sullivan Power Tran Le Pham Hoang Huynh Phan Vu Dang Bui Do Ho Ngo Duong Ly Li Zhang Liu Yang Huang
  Zhao Wu Zhou Xu Sun Ma Zhu Hu Guo Lin He Kim Park Choi Jung Kang Cho Yoon Jang Lim Han Tanaka Suzuki Sato Takahashi
  Watanabe Ito Yamamoto Nakamura Kobayashi Kato Sharma Gupta Shah Mehta Reddy Rao Iyer Nair Chopra Malhotra Kapoor
  Joshi Das Bose Ali Khan Ahmed Hussain Rahman Haddad Nasser Khoury Saleh Tipene Henare Wihongi Ruatapu Rewi Horomona
  Pomare Tamihana Paewai Karaka Heke Potae Bouchard Gauthier Morin Lavoie Fortin Gagne Ouellet Pelletier Belanger
  Levesque Bergeron Leblanc Paquette Girard Simard Boucher Caron Beaulieu Cloutier Dube Poirier Fournier Lapointe
  Leclerc Lefebvre Lessard Mercier Nadeau Picard Renaud Thibault Vachon Rossi Russo Ferrari Esposito Bianchi Romano
  Colombo Ricci Marino Greco Bruno Gallo Conti DeLuca Costa Papadopoulos Georgiou Pappas Dimitriou Kowalski Nowak
  Horvat Petrovic Ivanov Popov Schmidt Muller Schneider Weber Becker Wagner Hoffmann Jansen DeVries Bakker Visser
  Larsen Hansen Nielsen Johansson Lindqvist Garcia Rodriguez Martinez Lopez Gonzalez Perez Sanchez Ramirez Torres
  Flores Santos Silva Pereira Oliveira Ferreira`
    .split(/\s+/)
    .filter((n, i, all) => n && all.indexOf(n) === i);
/** The tables this seed fills, whose secondary indexes are built after the rows when it is a big seed. */
const JOB_TABLES = [
  "orders",
  "order_items",
  "item_groups",
  "order_payments",
  "order_item_selections",
  "prescriptions",
  "pds",
];
const PAYMENT_TYPES = ["Card", "Cash", "Afterpay", "Health fund", "Gift card"];
const STREETS = ["King St", "George St", "High St", "Queen St", "Victoria Rd", "Church St", "Park Ave"];

const DAY = 86_400_000;
const SPAN = 3 * 365 * DAY;
/** Where a job ends; anything else is still in the workshop. */
const FINISHED = [
  ["completed", 80],
  ["collected-by-customer", 8],
  ["dispatched", 5],
  ["cancelled", 3],
  ["refunded", 2],
  ["voided", 1],
  ["refunded-transaction", 1],
] as const;
const UNFINISHED = [
  ["new-order", 3],
  ["paid", 3],
  ["in-progress", 3],
  ["waiting-on-information", 2],
  ["lenses-ordered", 3],
  ["ready-to-edge", 2],
  ["ready-to-pick", 2],
  ["ready-to-go", 2],
] as const;
/** The last 30 days: every status, most of them still in the workshop. */
const RECENT = [
  ["new-order", 14],
  ["paid", 14],
  ["in-progress", 14],
  ["waiting-on-information", 4],
  ["lenses-ordered", 12],
  ["ready-to-edge", 7],
  ["ready-to-pick", 7],
  ["ready-to-go", 7],
  ["dispatched", 4],
  ["collected-by-customer", 4],
  ["completed", 8],
  ["cancelled", 2],
  ["refunded", 1.5],
  ["refunded-transaction", 1],
  ["voided", 0.5],
] as const;
const PAYMENT = [
  ["paid", 92],
  ["partially-paid", 3],
  ["payment-due", 2],
  ["pending", 2],
  ["parked", 1],
] as const;
const DONE_ITEM = ["completed", "collected-by-customer", "dispatched"];

/** murmur3's finaliser: spreads consecutive ids over unrelated rng seeds. */
const mix = (x: number) => {
  let h = x >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
};
/** A Postgres array literal of distinct ids, as COPY reads it. */
const pgArray = (ids: number[]) => `{${[...new Set(ids)].sort((a, b) => a - b).join(",")}}`;
const pad = (n: number, w: number) => String(n).padStart(w, "0");
const emailPart = (s: string) => s.toLowerCase().replace(/[^a-z]/g, "");

async function main() {
  if (!Number.isInteger(total) || total < 1 || !Number.isInteger(itemsTarget) || itemsTarget < total)
    throw new Error("usage: seed-jobs-bulk [orders ≥ 1] [itemsTarget ≥ orders]");
  const { database, url } = await openBenchDatabase();
  // The whole catalogue (frames, office, bifocal… and their lens combinations), so bulk jobs span it.
  await seedLensCatalogue(database.db);
  const catalogue = await loadSelectionCatalogue(database.db);
  const outlets = await database.query<{
    id: number;
    region_id: number;
    abbreviation: string;
    suburb: string | null;
    city: string | null;
    state: string | null;
    postcode: string | null;
    country: string | null;
    time_zone: string;
  }>(
    `select id, region_id, abbreviation, suburb, city, state, postcode, country, time_zone
       from outlets where is_active and region_id in (1, 2, 5) order by id`,
  );
  const statuses = await database.query<{ id: number; kind: string; slug: string; selectable: boolean }>(
    "select id, kind, slug, selectable from statuses order by kind, sort_order",
  );
  const products = await database.query<{
    id: number;
    region_id: number;
    price_minor: number;
    parent_type_key: string;
    product_type_key: string;
    lenses_type: string | null;
  }>(
    "select id, region_id, price_minor, parent_type_key, product_type_key, lenses_type from region_products order by id",
  );
  // Each product's kind for its turnaround: a job's promise is its slowest item's (issue 27).
  const productKind = new Map(
    products.map((p) => [
      p.id,
      promiseKindOf({
        parentTypeKey: p.parent_type_key,
        productTypeKey: p.product_type_key,
        lensesType: p.lenses_type,
      }),
    ]),
  );
  const [range] = await database.query<{ lo: number | null; hi: number | null; n: number }>(
    "select min(id)::int as lo, max(id)::int as hi, count(*)::int as n from customers",
  );
  // Ids are drawn from [lo, hi]; only when that range has gaps are the ids themselves loaded.
  const customerIds =
    range.n > 0 && range.n !== range.hi! - range.lo! + 1
      ? Int32Array.from(
          (await database.query<{ id: number }>("select id from customers order by id")).map((r) => r.id),
        )
      : null;
  const [base] = await database.query<{
    orders: number;
    items: number;
    groups: number;
    prescriptions: number;
    pds: number;
  }>(
    `select (select coalesce(max(id), 0) from orders)::int as orders,
            (select coalesce(max(id), 0) from order_items)::int as items,
            (select coalesce(max(id), 0) from item_groups)::int as groups,
            (select coalesce(max(id), 0) from prescriptions)::int as prescriptions,
            (select coalesce(max(id), 0) from pds)::int as pds`,
  );
  await database.close();

  if (!outlets.length) throw new Error("no active outlets in regions 1, 2, 5");
  const statusId = (kind: string, slug: string) => {
    const s = statuses.find((r) => r.kind === kind && r.slug === slug);
    if (!s) throw new Error(`missing ${kind} status ${slug}`);
    return s.id;
  };
  const weighted = (kind: string, list: readonly (readonly [string, number])[]) => {
    const sum = list.reduce((a, [, w]) => a + w, 0);
    let acc = 0;
    return list.map(([slug, w]) => ({ slug, id: statusId(kind, slug), upTo: (acc += w) / sum }));
  };
  type Weighted = ReturnType<typeof weighted>;
  const draw = (rng: Rng, list: Weighted) => {
    const x = rng.next();
    return list.find((s) => x < s.upTo) ?? list[list.length - 1];
  };
  const finished = weighted("dispense", FINISHED);
  const unfinished = weighted("dispense", UNFINISHED);
  const recent = weighted("dispense", RECENT);
  const paymentDraw = weighted("payment", PAYMENT);
  const paymentRefunded = statusId("payment", "refunded");
  const paymentVoided = statusId("payment", "voided");
  const paymentPaid = statusId("payment", "paid");
  const paymentPartial = statusId("payment", "partially-paid");
  const finishedSlugs = new Set<string>(FINISHED.map(([slug]) => slug));
  const itemSelectable = statuses.filter((s) => s.kind === "item" && s.selectable).map((s) => s.id);
  const itemDone = new Map(DONE_ITEM.map((slug) => [slug, statusId("item", slug)]));
  const itemDoneIds = [...itemDone.values()];
  const itemCancelled = statusId("item", "cancelled");
  const itemPastSelection = new Set(
    statuses.filter((s) => s.kind === "item" && isItemPastSelection(s.slug)).map((s) => s.id),
  );

  const regionProducts = new Map<number, typeof products>();
  for (const o of outlets) {
    const regional = products.filter((p) => p.region_id === (o.region_id === 6 ? 1 : o.region_id));
    if (!regional.length) throw new Error(`no region products for region ${o.region_id}`);
    regionProducts.set(o.region_id, regional);
  }
  const siblings = new Map(
    outlets.map((o) => [o.id, outlets.filter((s) => s.region_id === o.region_id && s.id !== o.id)]),
  );

  // 1 + Poisson(λ) items per order, so the mean is itemsTarget / total.
  const extra = Math.exp(-Math.min(itemsTarget / total - 1, 50));
  const itemCount = (rng: Rng) => {
    let k = 0;
    for (let p = rng.next(); p > extra; p *= rng.next()) k++;
    return k + 1;
  };

  const now = Date.now();
  const start = now - SPAN;

  /** Order `base.orders + k + 1` with its items, the same on every call. */
  function generateOrder(k: number) {
    const id = base.orders + k + 1;
    const rng = createRng(mix(id ^ 0x2545f491));
    const outlet = rng.pick(outlets);
    const online = rng.chance(0.2);
    // Spread evenly over three years in id order, as real ids follow time.
    const created = Math.floor(start + ((k + rng.next()) / total) * SPAN);
    const age = now - created;
    const status =
      age > 30 * DAY ? (rng.chance(0.98) ? draw(rng, finished) : draw(rng, unfinished)) : draw(rng, recent);
    const done = finishedSlugs.has(status.slug);
    const updated = created + Math.floor(rng.next() * Math.min(age, (done ? 21 : 7) * DAY));

    let customerId: number | null = null;
    let who = rng;
    if (range.n > 0 && rng.chance(0.7)) {
      customerId = customerIds
        ? customerIds[Math.floor(rng.next() * customerIds.length)]
        : rng.int(range.lo!, range.hi!);
      // A customer's billing details are the same on all of their orders.
      who = createRng(mix(customerId ^ 0x68e31da4));
    }
    const first = who.pick(FIRST);
    const last = who.pick(LAST);
    const email = customerId
      ? `${emailPart(first)}.${emailPart(last)}.${customerId}@example.com`
      : `${emailPart(first)}.${emailPart(last)}.${id}@guest.example.com`;
    const mobile = who.chance(0.8) ? `04${pad(who.int(0, 99_999_999), 8)}` : null;
    const address = JSON.stringify({
      address1: `${who.int(1, 299)} ${who.pick(STREETS)}`,
      address2: null,
      suburb: outlet.suburb,
      city: outlet.city,
      state: outlet.state,
      postcode: outlet.postcode,
      country: outlet.country,
    });

    const regional = regionProducts.get(outlet.region_id)!;
    const others = siblings.get(outlet.id)!;
    const count = itemCount(rng);
    const items = [];
    let amount = 0;
    for (let j = 0; j < count; j++) {
      const p = rng.pick(regional);
      const discount = rng.chance(0.2) ? Math.round(p.price_minor * 0.1) : 0;
      let itemStatus: number;
      if (status.slug === "cancelled") itemStatus = itemCancelled;
      else if (done)
        itemStatus =
          itemDone.get(status.slug) && rng.chance(0.85) ? itemDone.get(status.slug)! : rng.pick(itemDoneIds);
      else itemStatus = rng.pick(itemSelectable);
      items.push({
        regionProductId: p.id,
        quantity: rng.chance(0.03) ? -1 : 1,
        statusId: itemStatus,
        outletId: others.length && rng.chance(0.05) ? rng.pick(others).id : outlet.id,
        unitPriceMinor: p.price_minor,
        totalAmountMinor: p.price_minor - discount,
        discountAmountMinor: discount,
        deliveryTypeId: rng.chance(0.7) ? 1 : 2,
      });
      amount += p.price_minor - discount;
    }
    const grouped = count > 1 && rng.chance(0.15);

    let paymentStatusId: number;
    if (status.slug === "refunded" || status.slug === "refunded-transaction")
      paymentStatusId = paymentRefunded;
    else if (status.slug === "voided") paymentStatusId = paymentVoided;
    else paymentStatusId = draw(rng, paymentDraw).id;
    const paid =
      paymentStatusId === paymentPartial
        ? Math.round(amount / 2)
        : [paymentPaid, paymentRefunded, paymentVoided].includes(paymentStatusId)
          ? amount
          : 0;

    return {
      id,
      outlet,
      online,
      customerId,
      first,
      last,
      email,
      mobile,
      address,
      status,
      paymentStatusId,
      priority: rng.chance(0.05) ? 2 : 1,
      shipmentStatus: online && rng.chance(0.3) ? "created" : "not_created",
      paymentType: rng.pick(PAYMENT_TYPES),
      createdMs: created,
      created: new Date(created).toISOString(),
      updated: new Date(updated).toISOString(),
      items,
      grouped,
      amount,
      paid,
    };
  }
  type Order = ReturnType<typeof generateOrder>;

  // The eye test and the selections draw from rngs of their own, so the orders stay as they were.
  // Every pass that makes eyes starts the ids again, so each numbers them the same.
  let rxId = 0;
  let pdId = 0;
  const restartIds = () => {
    rxId = base.prescriptions;
    pdId = base.pds;
  };
  const ids = { nextRxId: () => ++rxId, nextPdId: () => ++pdId };
  const seedOrder = (o: Order): SeedOrder => ({
    customerId: o.customerId,
    outletId: o.outlet.id,
    createdAt: new Date(o.createdMs),
    items: o.items.map((i) => ({
      productId: i.regionProductId,
      pastSelection: itemPastSelection.has(i.statusId),
    })),
  });
  const eyesOf = (o: Order, so = seedOrder(o)) =>
    bulkOrderEyes(createRng(mix(o.id ^ 0x1b873593)), catalogue, so, ids);

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = Date.now();
  let groupId = base.groups;
  let itemId = base.items;
  let itemCountTotal = 0;
  let groupCount = 0;
  let selectionCount = 0;
  let rxCount = 0;
  let pdCount = 0;
  /** Every order in id order, its rows for one table, in chunks of about 1,000 rows. */
  function* rows(format: (o: Order) => string) {
    let chunk = "";
    for (let k = 0; k < total; k++) {
      chunk += format(generateOrder(k));
      if (k % 1000 === 999) {
        yield chunk;
        chunk = "";
      }
    }
    if (chunk) yield chunk;
  }
  const line = copyLine;
  const copy = async (label: string, sql: string, format: (o: Order) => string) => {
    const t = Date.now();
    await pipeline(Readable.from(rows(format)), client.query(copyFrom(sql)));
    console.log(`  ${label} in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  };

  // Without selections no prescription or PD is written: theirs stay (the customers' seed built them).
  const buildDeferred = await deferForBulkSeed(
    client,
    "orders",
    total,
    JOB_TABLES.filter(
      (t) => withSelections || !["prescriptions", "pds", "order_item_selections"].includes(t),
    ),
  );
  // One transaction: a failed run leaves nothing behind (but the deferred indexes, built again below).
  await client.query("BEGIN");
  await copy(
    "orders",
    "COPY orders (id, uid, name, vend_invoice_number, customer_id, billing_first_name, billing_last_name, billing_email, billing_mobile, billing_address, total_amount_minor, total_payment_minor, dispense_status_id, payment_status_id, priority, channel_id, channel, is_octopos_order, origin_outlet_id, region_id, shipment_status, created_at, updated_at, item_outlet_ids, item_status_ids, due_date, dispense_status_at, at_risk_reason) FROM STDIN",
    (o) =>
      line([
        o.id,
        `B${pad(o.id, 8)}`,
        `#${1000 + o.id}`,
        o.online ? `ONL-${100000 + o.id}` : `${o.outlet.abbreviation}-${100000 + o.id}`,
        o.customerId,
        o.first,
        o.last,
        o.email,
        o.mobile,
        o.address,
        o.amount,
        o.paid,
        o.status.id,
        o.paymentStatusId,
        o.priority,
        o.online ? 4 : 1,
        o.online ? "dv4" : "pos",
        !o.online,
        o.outlet.id,
        o.outlet.region_id,
        o.shipmentStatus,
        o.created,
        o.updated,
        pgArray(o.items.map((i) => i.outletId)),
        pgArray(o.items.map((i) => i.statusId)),
        promisedDate({
          createdAt: new Date(o.createdMs),
          timeZone: o.outlet.time_zone,
          turnaroundDays: turnaroundFor(
            o.items.map((i) => productKind.get(i.regionProductId) ?? "frame_only"),
            DEFAULT_WORKSHOP_SETTINGS,
          ),
          workingDays: DEFAULT_WORKSHOP_SETTINGS.workingDays,
        }),
        o.updated,
        // About one open job in forty has a lens ETA past its promise (from the id, not the rng,
        // so every other column stays as it was generated before).
        !finishedSlugs.has(o.status.slug) && o.id % 40 === 0
          ? "Lens order ETA later than the promised date"
          : null,
      ]),
  );
  await copy("item groups", "COPY item_groups (id, order_id, name, type) FROM STDIN", (o) => {
    if (!o.grouped) return "";
    groupCount++;
    return line([++groupId, o.id, "Glasses set", "set"]);
  });
  groupId = base.groups;
  restartIds();
  if (withSelections)
    await copy("prescriptions", `COPY prescriptions (${PRESCRIPTION_COPY_COLUMNS}) FROM STDIN`, (o) => {
      const eyes = eyesOf(o);
      const rx = [eyes?.spectacles, eyes?.contact].filter((r) => r != null);
      rxCount += rx.length;
      return rx.map(prescriptionCopyLine).join("");
    });
  const rxEnd = rxId;
  restartIds();
  if (withSelections)
    await copy("pds", `COPY pds (${PD_COPY_COLUMNS}) FROM STDIN`, (o) => {
      const pd = eyesOf(o)?.pd;
      if (!pd) return "";
      pdCount++;
      return pdCopyLine(pd);
    });
  const pdEnd = pdId;
  restartIds();
  // The orders already carry their items' outlets and statuses (written above), so the trigger
  // that keeps them would only rewrite two million orders to the same values; off for this COPY.
  await client.query("ALTER TABLE order_items DISABLE TRIGGER order_items_arrays_insert");
  await copy(
    "order items",
    "COPY order_items (id, order_id, group_id, region_product_id, quantity, dispense_status_id, outlet_id, unit_price_minor, total_amount_minor, discount_amount_minor, delivery_type_id, created_at, updated_at, additional_info) FROM STDIN",
    (o) => {
      const group = o.grouped ? ++groupId : null;
      const so = seedOrder(o);
      const selections = withSelections
        ? bulkOrderSelections(createRng(mix(o.id ^ 0x7feb352d)), catalogue, so, eyesOf(o, so), now)
        : [];
      let out = "";
      for (const [k, item] of o.items.entries()) {
        itemCountTotal++;
        const made = selections[k];
        if (made) selectionCount++;
        out += line([
          ++itemId,
          o.id,
          group,
          item.regionProductId,
          item.quantity,
          item.statusId,
          item.outletId,
          item.unitPriceMinor,
          item.totalAmountMinor,
          item.discountAmountMinor,
          item.deliveryTypeId,
          o.created,
          o.updated,
          made ? JSON.stringify(made.info) : null,
        ]);
      }
      return out;
    },
  );
  await client.query("ALTER TABLE order_items ENABLE TRIGGER order_items_arrays_insert");
  // The selections name the prescriptions and PDs the passes before wrote only if every pass
  // numbered them alike; otherwise roll everything back.
  if (
    rxId !== rxEnd ||
    pdId !== pdEnd ||
    rxEnd - base.prescriptions !== rxCount ||
    pdEnd - base.pds !== pdCount
  )
    throw new Error(`prescription/PD ids drifted between passes (${rxEnd}/${rxId}, ${pdEnd}/${pdId})`);
  // Revision 1 of each selection is what the item carries: copied inside the server rather than
  // generated and sent a second time.
  let t = Date.now();
  await client.query(
    `insert into order_item_selections (order_item_id, revision, selection, additional_info, staff_user_id, created_at)
     select id, 1, additional_info->'selection', additional_info, (additional_info->'saved_by'->>'id')::int,
            (additional_info->>'saved_at')::timestamptz
     from order_items where id > $1 and additional_info is not null`,
    [base.items],
  );
  console.log(`  selection revisions in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  await copy(
    "order payments",
    "COPY order_payments (order_id, amount_minor, payment_type_name, created_at) FROM STDIN",
    (o) => line([o.id, o.paid, o.paymentType, o.created]),
  );
  for (const table of ["orders", "order_items", "item_groups", "prescriptions", "pds"])
    await client.query(`select setval(pg_get_serial_sequence('${table}', 'id'), max(id)) from ${table}`);
  await client.query("COMMIT");
  await buildDeferred();
  // VACUUM sets the visibility map, so counts and filters can answer from the indexes alone.
  t = Date.now();
  await client.query(
    "VACUUM (ANALYZE) orders, order_items, item_groups, order_payments, order_item_selections, prescriptions, pds",
  );
  console.log(`  vacuum in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  await client.end();
  console.log(
    `seeded ${total.toLocaleString()} orders, ${itemCountTotal.toLocaleString()} items (${selectionCount.toLocaleString()} with a saved selection), ${groupCount.toLocaleString()} item groups, ${rxCount.toLocaleString()} prescriptions, ${pdCount.toLocaleString()} PDs in ${((Date.now() - started) / 1000).toFixed(1)} s (order ids ${base.orders + 1}–${base.orders + total})`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
