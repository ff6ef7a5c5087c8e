import type { RecallStepInput, RecallTrigger } from "@loupe/domain";
import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { customers } from "../customers/customers.tables";
import { outboxMessages } from "../outbox/outbox.tables";
import { outlets, regions } from "../reference/reference.tables";
import { staffUsers } from "../staff/staff.tables";

/** A region's recall type (issue 28): its interval, what sets it, and its schedule of steps. */
export const recallTypes = pgTable(
  "recall_types",
  {
    id: serial("id").primaryKey(),
    regionId: integer("region_id")
      .notNull()
      .references(() => regions.id),
    name: text("name").notNull(),
    intervalMonths: integer("interval_months").notNull(),
    triggers: text("triggers").array().$type<RecallTrigger[]>().notNull(),
    useExpiry: boolean("use_expiry").notNull().default(false),
    minAge: integer("min_age"),
    maxAge: integer("max_age"),
    /** The steps in order of their days (recallStepSchema). */
    steps: jsonb("steps").$type<RecallStepInput[]>().notNull(),
    active: boolean("active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** Optimistic lock (ADR 0007). */
    version: integer("version").notNull().default(1),
    updatedBy: integer("updated_by").references(() => staffUsers.id, { onDelete: "set null" }),
  },
  (t) => [
    index("recall_types_region_idx").on(t.regionId),
    index("recall_types_updated_by_idx").on(t.updatedBy),
  ],
);

/**
 * A customer's recall of one type: due when their latest qualifying record says (or when staff
 * set it, with the reason), and where its schedule stands. One per customer and type; a new
 * qualifying record starts a new cycle of the same row.
 */
export const customerRecalls = pgTable(
  "customer_recalls",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    recallTypeId: integer("recall_type_id")
      .notNull()
      .references(() => recallTypes.id),
    /** The outlet whose clock, letters and call list it runs on: the customer's, else the record's. */
    outletId: integer("outlet_id").references(() => outlets.id),
    dueDate: date("due_date").notNull(),
    manual: boolean("manual").notNull().default(false),
    /** What set it, in staff words (the record, or the staff member's reason). */
    basis: text("basis").notNull(),
    /** The record that set it ("prescription:12", "job:40"); null when set by hand. */
    basisRef: text("basis_ref"),
    outcome: text("outcome", { enum: ["open", "booked", "declined", "returned"] })
      .notNull()
      .default("open"),
    /** Bumped when a new record or a hand-set date restarts the schedule: steps are once per cycle. */
    cycle: integer("cycle").notNull().default(1),
    /** The next step to do (null: none left) and the outlet's day it is due on. */
    nextStepIndex: integer("next_step_index"),
    nextStepOn: date("next_step_on"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    version: integer("version").notNull().default(1),
    updatedBy: integer("updated_by").references(() => staffUsers.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("customer_recalls_customer_type_uq").on(t.customerId, t.recallTypeId),
    // The run's claim: open recalls by their next step's day, nothing else in the index.
    index("customer_recalls_run_idx")
      .on(t.nextStepOn, t.id)
      .where(sql`${t.outcome} = 'open' and ${t.nextStepOn} is not null`),
    // The screen's first page: soonest due first, by outlet.
    index("customer_recalls_outlet_due_idx").on(t.outletId, t.dueDate, t.id),
    index("customer_recalls_due_idx").on(t.dueDate, t.id),
    index("customer_recalls_type_idx").on(t.recallTypeId),
    index("customer_recalls_updated_by_idx").on(t.updatedBy),
  ],
);

/**
 * Every step a recall took: sent (queued on the outbox, a letter, a call to make), skipped and why,
 * failed. The unique key (recall, cycle, step) is what makes a step happen once, whatever races.
 */
export const recallSteps = pgTable(
  "recall_steps",
  {
    id: serial("id").primaryKey(),
    recallId: integer("recall_id")
      .notNull()
      .references(() => customerRecalls.id, { onDelete: "cascade" }),
    /** Copied from the recall: the spacing rule and the returns read a customer's steps directly. */
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    outletId: integer("outlet_id").references(() => outlets.id),
    cycle: integer("cycle").notNull(),
    stepIndex: integer("step_index").notNull(),
    offsetDays: integer("offset_days").notNull(),
    plannedChannel: text("planned_channel", { enum: ["email", "sms", "letter", "phone"] }).notNull(),
    /** The channel used (another when substituted); null when skipped. */
    channel: text("channel", { enum: ["email", "sms", "letter", "phone"] }),
    status: text("status", { enum: ["queued", "sent", "skipped", "failed", "to_call", "called"] }).notNull(),
    reason: text("reason"),
    /** The outlet's day it was due on (and done on: the run does it that day or later). */
    dueOn: date("due_on").notNull(),
    /** The filled-in text: the letter's body, the caller's script. */
    body: text("body"),
    outboxMessageId: integer("outbox_message_id").references(() => outboxMessages.id, {
      onDelete: "set null",
    }),
    /** For a call: booked, declined or no answer. */
    callOutcome: text("call_outcome"),
    calledBy: integer("called_by").references(() => staffUsers.id, { onDelete: "set null" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("recall_steps_once_uq").on(t.recallId, t.cycle, t.stepIndex),
    index("recall_steps_customer_idx").on(t.customerId, t.at),
    index("recall_steps_outbox_idx").on(t.outboxMessageId),
    index("recall_steps_called_by_idx").on(t.calledBy),
    // The outlet's letters of a day and its calls to make.
    index("recall_steps_outlet_idx").on(t.outletId, t.channel, t.dueOn),
  ],
);
