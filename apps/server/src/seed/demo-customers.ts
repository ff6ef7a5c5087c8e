import { MANAGER_ROLE_ID } from "@loupe/domain";
import { sql } from "drizzle-orm";
import { customers } from "../modules/customers/customers.tables";
import { notes } from "../modules/notes/notes.tables";
import { pds } from "../modules/pds/pds.tables";
import { prescriptions } from "../modules/prescriptions/prescriptions.tables";
import { outlets, pdSources, prescriptionSources } from "../modules/reference/reference.tables";
import { staffUsers } from "../modules/staff/staff.tables";
import type { Db } from "../platform/db/client";
import { generateCustomer } from "./customer-generator";
import type { DemoSize } from "./demo";
import { createRng } from "./rng";
import { contactLensValues } from "./selection-generator";

const NOTE_TEXTS = [
  "Prefers afternoon appointments.",
  "Called about frame adjustment; booked in for Saturday.",
  "Sensitive to lens weight, suggest high index.",
  "Asked for a copy of the prescription by e-mail.",
  "Picked up sunglasses; very happy with the fit.",
];

/** Demo customers with prescriptions, PDs and notes. Skipped when customers exist. */
export async function seedDemoCustomers(db: Db, size: DemoSize): Promise<void> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(customers);
  if (n > 0) return;
  const rng = createRng(20261123);
  const outletRows = await db.select().from(outlets);
  // The counter staff wrote the demo's records; managers (added later, ADR 0022) are left out so the
  // generated data stays the same as before they existed.
  const staff = (await db.select().from(staffUsers)).filter((s) => s.roleId !== MANAGER_ROLE_ID);
  const rxSources = await db.select().from(prescriptionSources);
  const pdSourceRows = await db.select().from(pdSources);
  const outletsByRegion = (regionId: number) =>
    outletRows.filter((o) => o.regionId === regionId && o.isActive);

  const rows = Array.from({ length: size.customers }, (_, i) => {
    const c = generateCustomer(rng, i + 1);
    const outlet = rng.pick(outletsByRegion(c.region_id));
    const on = c.new_opt_in !== "NONE";
    return {
      firstName: c.first_name,
      lastName: c.last_name,
      email: c.email,
      mobile: c.mobile,
      phone: c.phone,
      dob: c.dob,
      gender: c.gender,
      occupation: c.occupation,
      newOptIn: c.new_opt_in,
      channelSms: on,
      channelPhone: on,
      channelEmail: on,
      regionId: c.region_id,
      homeRegionId: c.region_id,
      outletId: outlet.id,
      hasShopAccount: c.has_shop_account,
      recallDueDate: rng.chance(0.3) ? `2027-${String(rng.int(1, 12)).padStart(2, "0")}-15` : null,
      createdAt: c.created_at,
      updatedAt: c.created_at,
    };
  });
  const inserted = await db
    .insert(customers)
    .values(rows)
    .returning({ id: customers.id, outletId: customers.outletId, createdAt: customers.createdAt });

  const source = (slug: string) => rxSources.find((s) => s.slug === slug)!.id;
  const quarter = (min: number, max: number) => rng.int(min * 4, max * 4) / 4;
  const rxRows: (typeof prescriptions.$inferInsert)[] = [];
  const pdRows: (typeof pds.$inferInsert)[] = [];
  const noteRows: (typeof notes.$inferInsert)[] = [];
  const now = Date.now();
  const day = 86_400_000;
  const isoDate = (d: Date) => d.toISOString().slice(0, 10);
  for (const c of inserted) {
    // A customer's prescriptions fall between their first visit and yesterday, oldest first.
    const since = c.createdAt.getTime();
    const dates = Array.from(
      { length: rng.int(0, 3) },
      () => since + rng.int(0, Math.max(0, now - day - since)),
    )
      .sort((a, b) => a - b)
      .map((t) => new Date(t));
    for (const createdAt of dates) {
      // The online eye test writes code-generated prescriptions: spectacles, no staff, no edits (§6).
      const generated = rng.chance(0.12);
      const contact = !generated && rng.chance(0.2);
      const cyl = rng.chance(0.5) ? -quarter(0.25, 2) : null;
      const leftCyl = rng.chance(0.4) ? -quarter(0.25, 1.5) : null;
      const add = rng.chance(0.35) ? quarter(1, 2.5) : null;
      // Some dispensers record each eye's add: the left then differs from the right (monocular, §4).
      const monocular = add != null && rng.chance(0.3);
      const leftAdd = monocular ? Math.min(3, add + 0.25) : add;
      const intAdd = add != null && rng.chance(0.4) ? Math.round(add * 2) / 4 : null;
      const prism = !contact && !generated && rng.chance(0.08);
      const expiry = rng.chance(0.75) ? new Date(createdAt.getTime() + rng.pick([1, 2]) * 365 * day) : null;
      rxRows.push({
        customerId: c.id,
        typeId: contact ? 2 : 1,
        category: rng.pick(["class-a", "class-b", "class-c"]),
        addType: monocular ? "monocular" : "binocular",
        rightSph: quarter(-6, 3),
        rightCyl: cyl,
        rightAxis: cyl ? rng.int(1, 180) : null,
        leftSph: quarter(-6, 3),
        leftCyl,
        leftAxis: leftCyl ? rng.int(1, 180) : null,
        spectacles: contact
          ? null
          : {
              right_near_add: add,
              left_near_add: leftAdd,
              right_int_add: intAdd,
              left_int_add: intAdd,
              prisms: prism ? { right_horiz_dist: 1, left_horiz_dist: -1, right_vert_near: 0.5 } : null,
            },
        contactLens: contact ? contactLensValues(rng, add, leftAdd) : null,
        sourceId: generated
          ? source("cg")
          : source(rng.pick(["in-store", "external-optometrist", "existing-glasses"])),
        outletId: generated ? null : c.outletId,
        staffUserId: generated ? null : rng.pick(staff).id,
        expiryDate: expiry ? isoDate(expiry) : null,
        createdAt,
      });
    }
    if (rng.chance(0.6)) {
      const bi = rng.int(56, 70);
      pdRows.push({
        customerId: c.id,
        binocularDistPd: bi,
        rightDistPd: bi / 2,
        leftDistPd: bi / 2,
        binocularReadingPd: rng.chance(0.3) ? bi - 3 : null,
        rightHeightMultifocal: rng.chance(0.3) ? rng.int(20, 28) : null,
        leftHeightMultifocal: rng.chance(0.3) ? rng.int(20, 28) : null,
        frameSize: rng.pick(["S", "M", "L"]),
        armSize: rng.pick(["S", "M", "L"]),
        glassShapeType: rng.pick(["classic", "round"]),
        sourceId: rng.pick(pdSourceRows).id,
        outletId: c.outletId,
        staffUserId: rng.pick(staff).id,
        createdAt: c.createdAt,
      });
    }
    const noteCount = rng.chance(0.4) ? rng.int(1, 3) : 0;
    for (let k = 0; k < noteCount; k++) {
      noteRows.push({
        customerId: c.id,
        content: rng.pick(NOTE_TEXTS),
        creatorId: rng.chance(0.85) ? rng.pick(staff).id : null,
        createdAt: c.createdAt,
      });
    }
  }
  for (let i = 0; i < rxRows.length; i += 500)
    await db.insert(prescriptions).values(rxRows.slice(i, i + 500));
  for (let i = 0; i < pdRows.length; i += 500) await db.insert(pds).values(pdRows.slice(i, i + 500));
  for (let i = 0; i < noteRows.length; i += 500) await db.insert(notes).values(noteRows.slice(i, i + 500));
}
