import type { RecallStepInput, RecallTrigger } from "@loupe/domain";
import { isNotNull, sql } from "drizzle-orm";
import { customers } from "../modules/customers/customers.tables";
import type { OutboxService } from "../modules/outbox";
import { prescriptions } from "../modules/prescriptions/prescriptions.tables";
import { createRecallsService, type RecallsDeps } from "../modules/recalls";
import { recallTypes } from "../modules/recalls/recalls.tables";
import { regions } from "../modules/reference/reference.tables";
import type { Db } from "../platform/db/client";

const EYE_TEST_STEPS: RecallStepInput[] = [
  {
    offset_days: -14,
    channel: "email",
    substitute: true,
    subject: "Your eye test is due soon, {{customer.first_name | there}}",
    template:
      "Hi {{customer.first_name | there}},\n\nIt is nearly two years since your last eye test with us: your {{recall.type}} is due on {{recall.due_date}}.\n\nBook a time with {{outlet.name}} on {{outlet.phone}}.\n",
  },
  {
    offset_days: 0,
    channel: "sms",
    substitute: false,
    subject: "",
    template:
      "Hi {{customer.first_name | there}}, your eye test at {{outlet.name}} is due today. Call {{outlet.phone}} to book.",
  },
  {
    offset_days: 30,
    channel: "letter",
    substitute: true,
    subject: "",
    template:
      "Dear {{customer.first_name | customer}},\n\nYour {{recall.type}} was due on {{recall.due_date}}. Regular eye tests keep your prescription right and check the health of your eyes.\n\nPlease call {{outlet.name}} on {{outlet.phone}} to book a time that suits you.\n\nKind regards,\n{{outlet.name}}",
  },
  {
    offset_days: 60,
    channel: "phone",
    substitute: false,
    subject: "",
    template:
      "Call {{customer.first_name}} about their {{recall.type}} (due {{recall.due_date}}): offer a booking at {{outlet.name}}.",
  },
];

const shortSchedule = (what: string): RecallStepInput[] => [
  {
    offset_days: -14,
    channel: "email",
    substitute: true,
    subject: `Your ${what} is due soon`,
    template: `Hi {{customer.first_name | there}},\n\nYour ${what} is due on {{recall.due_date}}. Call {{outlet.name}} on {{outlet.phone}} to book.\n`,
  },
  {
    offset_days: 0,
    channel: "sms",
    substitute: true,
    subject: "",
    template: `Hi {{customer.first_name | there}}, your ${what} at {{outlet.name}} is due today. Call {{outlet.phone}} to book.`,
  },
];

const TYPES: {
  name: string;
  intervalMonths: number;
  triggers: RecallTrigger[];
  useExpiry: boolean;
  minAge: number | null;
  maxAge: number | null;
  steps: RecallStepInput[];
}[] = [
  {
    name: "Spectacle eye test",
    intervalMonths: 24,
    triggers: ["spectacle_prescription", "job_single_vision", "job_multifocal"],
    useExpiry: false,
    minAge: 16,
    maxAge: null,
    steps: EYE_TEST_STEPS,
  },
  {
    name: "Contact-lens check",
    intervalMonths: 12,
    triggers: ["contact_lens_prescription", "job_contact_lenses"],
    useExpiry: true,
    minAge: null,
    maxAge: null,
    steps: shortSchedule("contact-lens check"),
  },
  {
    name: "Children's eye test (under 16)",
    intervalMonths: 12,
    triggers: ["spectacle_prescription"],
    useExpiry: false,
    minAge: null,
    maxAge: 16,
    steps: shortSchedule("child's eye test"),
  },
  // Set by hand (no trigger): staff add it for a diabetic customer.
  {
    name: "Diabetic eye check",
    intervalMonths: 12,
    triggers: [],
    useExpiry: false,
    minAge: null,
    maxAge: null,
    steps: shortSchedule("diabetic eye check"),
  },
];

/**
 * Demo recall types in every region (issue 28), and each demo customer's recalls from their
 * prescriptions, computed by the recalls module's own recompute (the rules the app applies).
 */
export async function seedDemoRecalls(db: Db): Promise<void> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(recallTypes);
  if (n > 0) return;
  const regionRows = await db.select({ id: regions.id }).from(regions);
  await db
    .insert(recallTypes)
    .values(regionRows.flatMap((r) => TYPES.map((t) => ({ ...t, regionId: r.id }))));
  // The recompute writes no message: it needs no outbox.
  const service = createRecallsService({
    db,
    outbox: null as unknown as OutboxService,
    log: { error: () => {}, debug: () => {} } as unknown as RecallsDeps["log"],
  });
  const withRx = await db
    .selectDistinct({ id: prescriptions.customerId })
    .from(prescriptions)
    .where(isNotNull(prescriptions.customerId));
  const ids = withRx.map((r) => r.id as number).sort((a, b) => a - b);
  for (let i = 0; i < ids.length; i += 50)
    await db.transaction(async (tx) => {
      for (const id of ids.slice(i, i + 50)) await service.recompute(tx as unknown as Db, id);
    });
  // Customers without a recall keep no stale demo date.
  await db.execute(
    sql`update ${customers} c set recall_due_date = null where not exists (select 1 from customer_recalls r where r.customer_id = c.id and r.outcome = 'open')`,
  );
}
