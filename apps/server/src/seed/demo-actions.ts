import { sql } from "drizzle-orm";
import { customers } from "../modules/customers/customers.tables";
import { messageTemplates } from "../modules/messages/messages.tables";
import { newsletterSubscribers } from "../modules/newsletter/newsletter.tables";
import { promos } from "../modules/promos/promos.tables";
import { referrals } from "../modules/referrals/referrals.tables";
import type { Db } from "../platform/db/client";
import { createRng } from "./rng";

const TEMPLATES = [
  {
    templateName: "Glasses ready to collect",
    type: "sms" as const,
    subject: null,
    contentTemplate:
      "Hi {{customer.first_name | there}}, your glasses are ready to collect at {{outlet.name | your store}}. See you soon!",
  },
  {
    templateName: "Glasses ready (e-mail)",
    type: "email" as const,
    subject: "Your glasses are ready, {{customer.first_name | friend}}",
    contentTemplate:
      "Hi {{customer.first_name | there}},\n\nYour new glasses are ready to collect at {{outlet.name | your store}}.\n\nKind regards,\n{{staff.first_name | The team}}",
  },
  {
    templateName: "Eye test reminder",
    type: "sms" as const,
    subject: null,
    contentTemplate:
      "Hi {{customer.first_name | there}}, it's time for your eye test. Reply or call {{outlet.phone | us}} to book.",
  },
];

/** Message templates for every region. Skipped when templates exist. */
export async function seedDemoTemplates(db: Db): Promise<void> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(messageTemplates);
  if (n > 0) return;
  for (const regionId of [1, 2, 5, 6]) {
    await db.insert(messageTemplates).values(TEMPLATES.map((t) => ({ ...t, regionId })));
  }
}

const PROMOS = [
  {
    discountCode: "SUMMER25",
    brand: "Loupe",
    discountRule: "25% off frames over $200",
    regionNote: "AU and NZ stores",
    startDate: "2026-12-01",
    endDate: "2027-02-28",
    combinedWith: "Health fund rebates",
    notCombinedWith: "Student discount",
  },
  {
    discountCode: "STUDENT15",
    brand: "Loupe",
    discountRule: "15% off with student ID",
    regionNote: "All regions",
    startDate: "2026-02-01",
    endDate: null,
    combinedWith: null,
    notCombinedWith: "SUMMER25",
  },
  {
    discountCode: "SECONDPAIR",
    brand: "Loupe Sun",
    discountRule: "Second pair of sunglasses half price",
    regionNote: "Online only",
    startDate: "2026-10-15",
    endDate: "2026-12-24",
    combinedWith: null,
    notCombinedWith: "All other offers",
  },
  {
    discountCode: "CANADA10",
    brand: "Loupe",
    discountRule: "$10 off contact lens subscriptions",
    regionNote: "Canada",
    startDate: "2026-07-01",
    endDate: "2026-12-31",
    combinedWith: "Insurance",
    notCombinedWith: null,
  },
];

/** Promotions, newsletter subscribers and a few referrals. Skipped when promos exist. */
export async function seedDemoMarketing(db: Db): Promise<void> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(promos);
  if (n > 0) return;
  await db.insert(promos).values(
    PROMOS.map((p) => ({
      ...p,
      pdfs: [{ label: "Terms", url: `https://campaigns.loupe.test/${p.discountCode.toLowerCase()}.pdf` }],
    })),
  );
  const rng = createRng(424242);
  const countries = ["AU", "AU", "NZ", "CA"];
  const sources = ["Website footer", "Checkout", "In store", "Eye test booking"];
  const subscribers = Array.from({ length: 75 }, (_, i) => {
    const type = rng.chance(0.7) ? "ALL" : rng.chance(0.5) ? "HEALTH" : "NONE";
    const on = type !== "NONE";
    return {
      userEmail: `subscriber${i + 1}@example.com`,
      sourceCountry: rng.pick(countries),
      sourceName: rng.pick(sources),
      sendType: type as "ALL" | "HEALTH" | "NONE",
      sendEmail: on,
      sendPhone: on && rng.chance(0.8),
      sendSms: on,
      createdAt: new Date(Date.now() - rng.int(0, 400) * 86_400_000),
    };
  });
  await db.insert(newsletterSubscribers).values(subscribers);
  const some = await db.select({ id: customers.id }).from(customers).orderBy(customers.id).limit(6);
  if (some.length === 6) {
    await db.insert(referrals).values([
      { referrerId: some[0].id, refereeId: some[1].id },
      { referrerId: some[0].id, refereeId: some[2].id, redeemedAt: new Date() },
      { referrerId: some[3].id, refereeId: some[4].id },
    ]);
  }
}
