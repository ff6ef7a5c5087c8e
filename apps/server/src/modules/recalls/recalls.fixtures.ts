import type { RecallStepInput } from "@loupe/domain";
import pino from "pino";
import type { EmailSender } from "../../integrations/email";
import type { TestApp } from "../../test/test-app";
import { createOutboxService } from "../outbox";
import { createRecallsService } from "./recalls.service";

export const EYE_TEST_STEPS: RecallStepInput[] = [
  {
    offset_days: -14,
    channel: "email",
    substitute: true,
    subject: "Eye test due",
    template: "Hi {{customer.first_name}}, your {{recall.type}} is due {{recall.due_date}}.",
  },
  {
    offset_days: 0,
    channel: "sms",
    substitute: false,
    subject: "",
    template: "Hi {{customer.first_name}}, your eye test at {{outlet.name}} is due today.",
  },
  {
    offset_days: 30,
    channel: "letter",
    substitute: true,
    subject: "",
    template:
      "Dear {{customer.first_name}},\n\nYour {{recall.type}} was due on {{recall.due_date}}. Call {{outlet.name}} on {{outlet.phone}}.",
  },
  {
    offset_days: 60,
    channel: "phone",
    substitute: false,
    subject: "",
    template: "Call {{customer.first_name}} to book.",
  },
];

export const q = <T>(t: TestApp, sql: string, params: unknown[] = []) => t.database.query<T>(sql, params);

/** A customer at Newtown (Sydney) with these details and, when asked, a postal address. */
export async function recallCustomer(
  t: TestApp,
  token: string,
  details: {
    first_name?: string;
    email?: string | null;
    mobile?: string | null;
    phone?: string | null;
    dob?: string;
    new_opt_in?: "ALL" | "HEALTH" | "NONE";
    address?: boolean;
  } = {},
) {
  const res = await t.call(token, {
    method: "POST",
    url: "/api/user",
    payload: {
      first_name: details.first_name ?? "Ada",
      last_name: "Lovelace",
      email: details.email ?? null,
      mobile: details.mobile ?? null,
    },
  });
  if (res.statusCode >= 300) throw new Error(`customer: ${res.statusCode} ${res.body}`);
  const id = res.json().data.id as number;
  const [outlet] = await q<{ id: number; region_id: number }>(
    t,
    "select id, region_id from outlets where abbreviation = 'NTN'",
  );
  await q(
    t,
    "update customers set outlet_id = $2, region_id = $3, dob = $4, phone = $5, new_opt_in = $6 where id = $1",
    [
      id,
      outlet.id,
      outlet.region_id,
      details.dob ?? "1980-05-05",
      details.phone ?? null,
      details.new_opt_in ?? "ALL",
    ],
  );
  if (details.address)
    await q(
      t,
      `insert into billing_addresses (customer_id, type, first_name, last_name, email, address1, city, state, postcode, country)
       values ($1, 'billing', $2, 'Lovelace', 'x@example.com', '12 Analytical Lane', 'Marrickville', 'NSW', '2204', 'Australia')`,
      [id, details.first_name ?? "Ada"],
    );
  return { id, outletId: outlet.id, regionId: outlet.region_id };
}

/** A recalls service on the test database with its own clock and an outbox that sends nothing. */
export function recallsAt(t: TestApp, clock: { now: Date }, email: EmailSender | null = null) {
  const log = pino({ level: "silent" });
  const outbox = createOutboxService({ db: t.database.db, email, sms: null, log });
  const service = createRecallsService({ db: t.database.db, outbox, log, now: () => clock.now });
  service.listen();
  return Object.assign(service, { outbox });
}
