import { listSubscribers, type SubscriberWire, updateSubscriber } from "@loupe/contract";
import { isOptInConsistent, OPT_IN_CONTRADICTION } from "@loupe/domain";
import { count, desc, eq, ilike } from "drizzle-orm";
import { notFound, validationError } from "../../platform/http/app-error";
import type { ModuleContext } from "../module-context";
import { newsletterSubscribers } from "./newsletter.tables";
import { subscriberEmailPattern } from "./newsletter-export";

type Row = typeof newsletterSubscribers.$inferSelect;
const toWire = (r: Row): SubscriberWire => ({
  id: r.id,
  user_email: r.userEmail,
  source_country: r.sourceCountry,
  source_name: r.sourceName,
  send_type: r.sendType,
  send_email: r.sendEmail,
  send_phone: r.sendPhone,
  send_sms: r.sendSms,
  created_at: r.createdAt.toISOString(),
});

export function registerNewsletterRoutes({ bind, db }: ModuleContext): void {
  bind(listSubscribers, async ({ body }) => {
    // The same filter as the export's (newsletter-export.ts).
    const pattern = subscriberEmailPattern(body.email);
    const where = pattern ? ilike(newsletterSubscribers.userEmail, pattern) : undefined;
    const [rows, [{ n }]] = await Promise.all([
      db
        .select()
        .from(newsletterSubscribers)
        .where(where)
        .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
        .limit(body.per_page)
        .offset((body.page - 1) * body.per_page),
      db.select({ n: count() }).from(newsletterSubscribers).where(where),
    ]);
    return { data: rows.map(toWire), total: Number(n) };
  });

  bind(updateSubscriber, async ({ body }) => {
    const [current] = await db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.userEmail, body.email.toLowerCase()));
    if (!current) throw notFound("Subscriber");
    // The form keeps the opt-in and the channels in step as they are typed (spec §4); a payload
    // where they contradict each other is refused, never quietly changed.
    const channels = {
      channel_sms: body.send_sms,
      channel_phone: body.send_phone,
      channel_email: body.send_email,
    };
    if (!isOptInConsistent(body.send_type, channels))
      throw validationError({ send_type: [OPT_IN_CONTRADICTION] });
    const sendType = body.send_type;
    const [row] = await db
      .update(newsletterSubscribers)
      .set({
        sendType,
        sendSms: channels.channel_sms,
        sendPhone: channels.channel_phone,
        sendEmail: channels.channel_email,
        sourceCountry: body.region ?? current.sourceCountry,
        updatedAt: new Date(),
      })
      .where(eq(newsletterSubscribers.id, current.id))
      .returning();
    return { data: toWire(row) };
  });
}
