import { calendarDate, int32, OPT_IN_VALUES } from "@loupe/domain";
import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { dataEnvelope, messageEnvelope, qId } from "./envelope";

// ---- Referrals (web-shop base) -----------------------------------------------------------------

export const referralStatusWire = z.object({
  customer_id: z.number(),
  useable_invites: z.number(),
  self_referral_status: z.enum(["USEABLE", "USED"]).nullable(),
  invited_by: z.object({ id: z.number(), full_name: z.string() }).nullable(),
  invited: z.array(z.object({ id: z.number(), full_name: z.string() })),
});
export type ReferralStatusWire = z.infer<typeof referralStatusWire>;

const id = qId;

export const checkReferral = defineEndpoint({
  method: "GET",
  base: "shop",
  path: "/referral/check/:id",
  summary: "A customer's invites left and own referral status",
  params: z.object({ id }),
  response: dataEnvelope(referralStatusWire),
});

export const defineReferral = defineEndpoint({
  method: "POST",
  base: "shop",
  path: "/referral/define/:a/:b",
  summary: "Customer a invites customer b",
  params: z.object({ a: id, b: id }),
  response: messageEnvelope,
});

export const undefineReferral = defineEndpoint({
  method: "DELETE",
  base: "shop",
  path: "/referral/undefine/:id",
  summary: "Remove the invitation of customer id",
  params: z.object({ id }),
  response: messageEnvelope,
});

// ---- Newsletter (web-shop base) ----------------------------------------------------------------

export const subscriberWire = z.object({
  id: z.number(),
  user_email: z.string(),
  source_country: z.string(),
  source_name: z.string(),
  send_type: z.enum(OPT_IN_VALUES),
  send_email: z.boolean(),
  send_phone: z.boolean(),
  send_sms: z.boolean(),
  created_at: z.string(),
});
export type SubscriberWire = z.infer<typeof subscriberWire>;

export const listSubscribers = defineEndpoint({
  method: "POST",
  base: "shop",
  path: "/campaigns/newsletter/user/list",
  summary: "Newsletter subscribers, newest first, 30 a page; e-mail filter when given",
  body: z.strictObject({
    page: int32().min(1).default(1),
    per_page: int32().min(1).max(100).default(30),
    email: z.string().max(200).optional(),
  }),
  response: z.object({ data: z.array(subscriberWire), total: z.number() }),
});

export const updateSubscriber = defineEndpoint({
  method: "POST",
  base: "shop",
  path: "/campaigns/newsletter/user/update",
  summary: "Change a subscriber's opt-in and channels (by e-mail)",
  body: z.strictObject({
    email: z.email("The email field must be a valid email"),
    send_type: z.enum(OPT_IN_VALUES),
    send_email: z.boolean(),
    send_phone: z.boolean(),
    send_sms: z.boolean(),
    region: z.string().max(10).optional(),
  }),
  response: dataEnvelope(subscriberWire),
});

// ---- Promos (campaigns service on the web-shop base) -------------------------------------------

export const promoWire = z.object({
  id: z.number(),
  discountCode: z.string(),
  brand: z.string(),
  discountRule: z.string(),
  regionNote: z.string().nullable(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  combinedWith: z.string().nullable(),
  notCombinedWith: z.string().nullable(),
  "pDFs&Copies": z.array(z.object({ label: z.string(), url: z.string() })),
});
export type PromoWire = z.infer<typeof promoWire>;

export const listPromos = defineEndpoint({
  method: "POST",
  base: "shop",
  path: "/campaigns/promos",
  summary: "Promotions and campaigns, newest start date first (an array)",
  response: z.array(promoWire),
});

export const createPromo = defineEndpoint({
  method: "POST",
  base: "shop",
  path: "/campaigns/promos/create",
  summary: "Load a promotion",
  body: z.strictObject({
    discountCode: z.string().trim().min(1, "The discount code field is required.").max(50),
    brand: z.string().trim().min(1, "The brand field is required.").max(100),
    discountRule: z.string().trim().min(1, "The discount rule field is required.").max(500),
    regionNote: z.string().max(500).nullish(),
    startDate: calendarDate("The start date field must be a date (YYYY-MM-DD)."),
    endDate: calendarDate("The end date field must be a date (YYYY-MM-DD).").nullish(),
    combinedWith: z.string().max(500).nullish(),
    notCombinedWith: z.string().max(500).nullish(),
    pdfs: z
      .array(
        z.object({ label: z.string().min(1).max(100), url: z.url("The PDF link must be a web address.") }),
      )
      .max(10)
      .default([]),
  }),
  response: promoWire,
});
