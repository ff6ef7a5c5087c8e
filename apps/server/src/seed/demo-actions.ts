import { sql } from "drizzle-orm";
import { messageTemplates } from "../modules/messages/messages.tables";
import type { Db } from "../platform/db/client";

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
