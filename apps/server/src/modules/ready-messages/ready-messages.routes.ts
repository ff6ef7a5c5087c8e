import { randomBytes } from "node:crypto";
import {
  cancelJobCustomerMessage,
  getJobCustomerMessages,
  getReadyMessageSettings,
  type JobMessageWire,
  listCallList,
  type ReadyMessageSettingsWire,
  resolveCallListEntry,
  revokeJobStatusLinks,
  saveOutletOpeningHours,
  saveReadyMessageSettings,
  showJobStatus,
} from "@loupe/contract";
import { ADMIN_ROLE_ID, JOB_MESSAGE_KIND_LABEL, READY_MESSAGE_TEXT, rowIdInLink } from "@loupe/domain";
import { eq } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import { AppError, notFound } from "../../platform/http/app-error";
import { createPageThrottle } from "../auth";
import { dispenseStatusChangedSlot, outletMessageCountsSlot, regionReadyStatusesSlot } from "../jobs";
import type { ModuleContext } from "../module-context";
import {
  callList,
  dispenseStatusSlugs,
  jobCustomer,
  outletMessageCounts,
  outletRegion,
  outletZoneOfJob,
  regionOpeningHours,
  statusPageFacts,
} from "./ready-messages.queries";
import { createReadyMessagesService, type JobMessageRow } from "./ready-messages.service";
import { outletOpeningHours } from "./ready-messages.tables";
import {
  type ReadySettings,
  readySettingsOf,
  readyStatusChoices,
  regionReadyStatuses,
  saveReadySettings,
} from "./ready-settings";
import { registerSmsWebhooks } from "./sms-webhooks.routes";
import { countStatusRead, revokeStatusLinks, statusLinkOf } from "./status-link";
import { createStatusTokens } from "./status-link-token";
import { STATUS_LINK_INVALID_PAGE, statusPageHtml } from "./status-page";

export const toJobMessageWire = (m: JobMessageRow): JobMessageWire => ({
  id: m.id,
  kind: m.kind,
  label: JOB_MESSAGE_KIND_LABEL(m.kind, m.reminderDay),
  reminder_day: m.reminderDay,
  channel: m.channel,
  status: m.status,
  send_at: m.sendAt.toISOString(),
  failure: m.failure,
  outlet_id: m.outletId,
  created_at: m.createdAt.toISOString(),
});

const settingsWire = (
  s: ReadySettings,
  hours: { outletId: number; name: string; openingHours: string | null }[],
): ReadyMessageSettingsWire => ({
  region_id: s.regionId,
  ready_status_slugs: [...s.readyStatusSlugs],
  cancel_window_minutes: s.cancelWindowMinutes,
  quiet_start: s.quietStart,
  quiet_end: s.quietEnd,
  reminder_days: s.reminderDays,
  sms_template: s.smsTemplate,
  email_subject: s.emailSubject,
  email_template: s.emailTemplate,
  version: s.version,
  outlet_opening_hours: hours.map((h) => ({
    outlet_id: h.outletId,
    name: h.name,
    opening_hours: h.openingHours,
  })),
});

const adminOnly = (roleId: number | null) => {
  if (roleId !== ADMIN_ROLE_ID)
    throw new AppError("forbidden", "Only an administrator can change these settings.");
};

/**
 * Ready-to-collect messages and the customer's status link (issue 27 §3–4, ADR 0037). Jobs tells
 * this module of every status change through its slot; the outbox tells it how each send ended.
 */
export function registerReadyMessagesRoutes(ctx: ModuleContext): void {
  const { app, bind, db, config, outbox, queue, slots } = ctx;
  const tokens = createStatusTokens(config);
  const pageThrottle = createPageThrottle(db, {
    max: config.PUBLIC_PAGE_MAX_REQUESTS,
    windowMinutes: config.PUBLIC_PAGE_WINDOW_MINUTES,
  });
  const service = createReadyMessagesService({ db, outbox, tokens, log: app.log });
  dispenseStatusChangedSlot.provide(slots, (tx, change) => service.onDispenseStatusChanged(tx, change));
  regionReadyStatusesSlot.provide(slots, readyStatusChoices);
  outletMessageCountsSlot.provide(slots, outletMessageCounts);
  service.listen();

  // A schedule on the queue (ADR 0054); each reminder's own key keeps it to one message.
  queue.every("ready-messages.remind", config.READY_REMINDER_SWEEP_SECONDS, () =>
    service.remindUncollected(),
  );

  bind(getJobCustomerMessages, async ({ params }) => {
    const job = await jobCustomer(db, params.id);
    if (!job) throw notFound("Job");
    const [messages, link, zone] = await Promise.all([
      service.ofJob(params.id),
      statusLinkOf(db, params.id),
      outletZoneOfJob(db, params.id),
    ]);
    return {
      data: {
        messages: messages.map(toJobMessageWire),
        time_zone: zone ?? "UTC",
        status_link: {
          url: tokens.url(params.id, job.customerId),
          reads: link.reads,
          last_read_at: link.lastReadAt?.toISOString() ?? null,
        },
      },
    };
  });

  bind(cancelJobCustomerMessage, async ({ staff, params }) => {
    const m = await service.cancel(staff.id, params.id, params.messageId);
    return { message: READY_MESSAGE_TEXT.cancelled, data: toJobMessageWire(m) };
  });

  bind(revokeJobStatusLinks, async ({ staff, params }) => {
    if (!(await jobCustomer(db, params.id))) throw notFound("Job");
    const at = await revokeStatusLinks(db, params.id, staff.id);
    return { message: "Status links revoked.", data: { revoked_at: at.toISOString() } };
  });

  bind(listCallList, async ({ params, query }) => {
    const outlet = await outletRegion(db, params.id);
    if (!outlet) throw notFound("Outlet");
    const rows = await callList(db, params.id, query.limit);
    return {
      outlet_name: outlet.name,
      time_zone: outlet.timeZone,
      data: rows.map((r) => ({
        id: r.id,
        order_id: r.orderId,
        invoice: r.invoice,
        label: JOB_MESSAGE_KIND_LABEL(r.kind, r.reminderDay),
        channel: r.channel,
        failure: r.failure,
        at: r.at.toISOString(),
        customer_name: [r.firstName, r.lastName].filter(Boolean).join(" ") || "Guest",
        mobile: r.mobile,
        phone: r.phone,
        email: r.email,
      })),
    };
  });

  bind(resolveCallListEntry, async ({ staff, params }) => {
    await service.resolve(staff.id, params.id);
    return { message: "Ticked off the call list." };
  });

  bind(getReadyMessageSettings, async ({ params }) => ({
    data: settingsWire(await readySettingsOf(db, params.id), await regionOpeningHours(db, params.id)),
  }));

  bind(saveReadyMessageSettings, async ({ staff, params, body }) => {
    adminOnly(staff.roleId);
    const saved = await saveReadySettings(db, params.id, body, staff.id, await dispenseStatusSlugs(db));
    return { data: settingsWire(saved, await regionOpeningHours(db, params.id)) };
  });

  bind(saveOutletOpeningHours, async ({ staff, params, body }) => {
    adminOnly(staff.roleId);
    if (!(await outletRegion(db, params.id))) throw notFound("Outlet");
    if (!body.opening_hours) {
      await db.delete(outletOpeningHours).where(eq(outletOpeningHours.outletId, params.id));
      return { message: "Opening hours removed." };
    }
    const values = { openingHours: body.opening_hours, updatedAt: new Date(), updatedBy: staff.id };
    await db
      .insert(outletOpeningHours)
      .values({ outletId: params.id, ...values })
      .onConflictDoUpdate({ target: outletOpeningHours.outletId, set: values });
    return { message: "Opening hours saved." };
  });

  /** The status page, or the not-valid page; private either way, and each good open is counted. */
  async function showPage(orderIdText: string, token: string, reply: FastifyReply) {
    // A malformed id is refused before any statement (the throttle's included): it costs nothing.
    const orderId = rowIdInLink(orderIdText);
    if (orderId !== null && (await pageThrottle.refused(reply))) return reply;
    const nonce = randomBytes(16).toString("base64");
    reply
      .type("text/html; charset=utf-8")
      .header("cache-control", "no-store")
      .header("x-robots-tag", "noindex, nofollow")
      .header("referrer-policy", "no-referrer")
      .header(
        "content-security-policy",
        `default-src 'none'; style-src 'unsafe-inline'; script-src 'nonce-${nonce}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
      );
    const facts = orderId !== null ? await statusPageFacts(db, orderId) : undefined;
    if (orderId === null || !facts) return reply.status(404).send(STATUS_LINK_INVALID_PAGE);
    const link = await statusLinkOf(db, orderId);
    if (tokens.check(orderId, facts.customerId, token, link?.revokedAt) !== "valid")
      return reply.status(404).send(STATUS_LINK_INVALID_PAGE);
    // A HEAD (a link checker's) is not a read.
    if (reply.request.method === "GET") await countStatusRead(db, orderId, new Date());
    const ready = await regionReadyStatuses(db, facts.regionId);
    return reply.send(statusPageHtml(facts, ready, config.BRAND_NAME));
  }
  bind(showJobStatus, ({ params, reply }) => showPage(params.orderId, params.token, reply));

  registerSmsWebhooks(ctx);
}
