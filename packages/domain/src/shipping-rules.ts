import { z } from "zod";
import { shippingMessages } from "./shipping-messages";

// Shipping (jobs-area §3, §4, §5, §8, §9): parcel constants, the parcel form rule shared by the
// form and the server, the spec's messages, and the local rate card's pure arithmetic.

export const PARCEL_SIZES = [
  { id: 1, name: "Small Box", length: 18, width: 13, height: 6, weight: 0.2 },
  { id: 2, name: "Large Box", length: 24, width: 15, height: 6, weight: 0.3 },
] as const;
export type ParcelSize = (typeof PARCEL_SIZES)[number];
export const parcelSizeById = (id: number): ParcelSize | undefined => PARCEL_SIZES.find((s) => s.id === id);

export const DELIVERY_INSTRUCTIONS = [
  "authority_to_leave",
  "signature_on_delivery",
  "authority_to_leave_signature",
] as const;
export type DeliveryInstruction = (typeof DELIVERY_INSTRUCTIONS)[number];
export const DELIVERY_INSTRUCTION_LABELS: Record<DeliveryInstruction, string> = {
  authority_to_leave: "Authority to leave",
  signature_on_delivery: "Signature on delivery",
  authority_to_leave_signature: "Authority to leave (signature)",
};

export const PARCEL_DEFAULTS = {
  weight: 0.3,
  volume: 0,
  description: "Prescription glasses",
  countryOfOrigin: "Australia",
  quantity: 1,
  parcelSizeId: 2,
  deliveryInstruction: "authority_to_leave" as DeliveryInstruction,
} as const;
export const PARCEL_QUANTITY = { min: 1, max: 10 } as const;
export const WEIGHT_STEP = 0.01;
export const VOLUME_STEP = 0.00001;
/** Sendle's first mile: a courier picks the parcel up at the outlet. AusPost is a drop-off. */
export const FIRST_MILE_OPTION = "pickup";
export const DOMESTIC_COUNTRY = "AU";
export const isDomestic = (country: string | null | undefined) =>
  (country ?? "").trim().toUpperCase() === DOMESTIC_COUNTRY ||
  (country ?? "").trim().toLowerCase() === "australia";

/** The couriers (Australia Post, Sendle) quote and insure in Australian dollars. */
export const COURIER_CURRENCY = "AUD";

/** The declared value defaults to the job total rounded down, in AUD. */
export const defaultDeclaredValue = (total: number) => Math.max(0, Math.floor(total));

const money = z.number().min(0);
const positive = (field: string) =>
  z.number({ error: `The ${field} field is required.` }).positive(`The ${field} must be greater than 0.`);

/** A receiver: who gets the parcel and where (an address of the customer's, or the job's shipping address). */
export const receiverSchema = z.object({
  name: z.string().trim().min(1, "The receiver name field is required."),
  lines: z.array(z.string()).min(1, "The address field is required."),
  suburb: z.string().trim().min(1, "The suburb field is required."),
  state: z.string().default(""),
  country: z.string().trim().min(2, "The country field is required."),
  postcode: z.string().trim().min(1, "The postcode field is required."),
  phone: z.string().nullish(),
  email: z.string().nullish(),
});
export type Receiver = z.infer<typeof receiverSchema>;

/**
 * The parcel form of the Create Shipping Order modal (§3, §5). Description and country of origin
 * are required only when the parcel leaves Australia.
 */
export const parcelFormSchema = z
  .object({
    sender_outlet_id: z.number({ error: "The pickup location field is required." }).int().positive(),
    receiver: receiverSchema,
    delivery_instruction: z.enum(DELIVERY_INSTRUCTIONS, {
      error: "The delivery instructions field is required.",
    }),
    parcel_size_id: z
      .number({ error: "The parcel size field is required." })
      .int()
      .refine((id) => parcelSizeById(id) !== undefined, "The parcel size field is required."),
    parcel_quantity: z
      .number({ error: "The quantity field is required." })
      .int()
      .min(
        PARCEL_QUANTITY.min,
        `The quantity has to be between ${PARCEL_QUANTITY.min} and ${PARCEL_QUANTITY.max}`,
      )
      .max(
        PARCEL_QUANTITY.max,
        `The quantity has to be between ${PARCEL_QUANTITY.min} and ${PARCEL_QUANTITY.max}`,
      ),
    weight: positive("weight").max(22),
    volume: z.number({ error: "The volume field is required." }).min(0),
    value: money,
    description: z.string().trim().max(100).default(""),
    country_of_origin: z.string().trim().max(60).default(""),
  })
  .superRefine((v, ctx) => {
    if (isDomestic(v.receiver.country)) return;
    if (!v.description)
      ctx.addIssue({ code: "custom", path: ["description"], message: "The description field is required." });
    if (!v.country_of_origin)
      ctx.addIssue({
        code: "custom",
        path: ["country_of_origin"],
        message: "The country of origin field is required.",
      });
  });
export type ParcelForm = z.infer<typeof parcelFormSchema>;

/** Canada's manual entry: the tracking URL must be a web address (https). */
export const isHttpsUrl = (value: string): boolean => {
  try {
    const url = new URL(value.trim());
    return url.protocol === "https:" && /^[^.\s]+(\.[^.\s]+)+$/.test(url.hostname);
  } catch {
    return false;
  }
};

/**
 * The warnings list a failed quote shows (§8): the messages of `errors.errors`, or `key: value`
 * pairs of `errors`, or the response's message.
 */
export function quoteWarnings(body: unknown): string[] {
  const b = (body ?? {}) as { errors?: unknown; message?: unknown };
  const errors = b.errors as { errors?: unknown } | Record<string, unknown> | undefined;
  if (errors && typeof errors === "object") {
    const inner = (errors as { errors?: unknown }).errors;
    if (Array.isArray(inner))
      return inner.map((e) =>
        typeof e === "string" ? e : String((e as { message?: unknown })?.message ?? e),
      );
    const pairs = Object.entries(errors).map(
      ([k, v]) => `${k}: ${Array.isArray(v) ? v.join(", ") : typeof v === "string" ? v : JSON.stringify(v)}`,
    );
    if (pairs.length) return pairs;
  }
  return typeof b.message === "string" && b.message ? [b.message] : [shippingMessages.quoteFailed];
}

/**
 * An AusPost order failure (§8): a list whose first item has `errors` and `message` strings shows
 * "errors (message)"; otherwise the message, with `errors.errors` listed under Create Order Error.
 */
export function auPostOrderFailure(body: unknown): { message: string; list: string[] } {
  if (Array.isArray(body) && body.length) {
    const first = body[0] as { errors?: unknown; message?: unknown };
    if (typeof first?.errors === "string" && typeof first?.message === "string")
      return { message: `${first.errors} (${first.message})`, list: [] };
  }
  const b = (body ?? {}) as { message?: unknown; errors?: { errors?: unknown } };
  const inner = b.errors?.errors;
  const list = Array.isArray(inner)
    ? inner.map((e) => (typeof e === "string" ? e : String((e as { message?: unknown })?.message ?? e)))
    : [];
  return { message: typeof b.message === "string" ? b.message : "Error", list };
}

/** A Sendle order failure (§8): the errors listed, and the response message. */
export function sendleOrderFailure(body: unknown): { message: string; list: string[] } {
  const b = (body ?? {}) as { message?: unknown; errors?: unknown };
  const list =
    b.errors && typeof b.errors === "object"
      ? Object.entries(b.errors as Record<string, unknown>).flatMap(([k, v]) =>
          (Array.isArray(v) ? v : [v]).map((m) => `${k}: ${String(m)}`),
        )
      : [];
  return { message: typeof b.message === "string" ? b.message : "Error", list };
}

// ---- The local rate card ---------------------------------------------------------------------

/** Where a parcel goes relative to its sender: same state, another state, or abroad. */
export type Zone = "local" | "interstate" | "international";

export interface RateCardProduct {
  product_id: string;
  product_name: string;
  /** Price in dollars per parcel by chargeable-weight bracket and zone; a missing zone means not offered. */
  rates: Partial<Record<Zone, { max_kg: number; price: number }[]>>;
  /** Business days to delivery, by zone: [earliest, latest]. */
  days: Partial<Record<Zone, [number, number]>>;
  /** Largest single parcel this product takes, in kg. */
  max_kg: number;
  /** Instructions this product honours. */
  delivery_instructions: DeliveryInstruction[];
}
export interface RateCard {
  products: RateCardProduct[];
  /** Cubic factor: kg charged per cubic metre (AusPost uses 250). */
  cubic_factor: number;
}

export const DEFAULT_RATE_CARD: RateCard = {
  cubic_factor: 250,
  products: [
    {
      product_id: "LOCAL-PP",
      product_name: "Parcel Post",
      max_kg: 22,
      delivery_instructions: [...DELIVERY_INSTRUCTIONS],
      rates: {
        local: [
          { max_kg: 0.5, price: 9.5 },
          { max_kg: 1, price: 12.2 },
          { max_kg: 3, price: 15.6 },
          { max_kg: 5, price: 19.4 },
          { max_kg: 22, price: 29.9 },
        ],
        interstate: [
          { max_kg: 0.5, price: 10.95 },
          { max_kg: 1, price: 14.5 },
          { max_kg: 3, price: 19.8 },
          { max_kg: 5, price: 25.4 },
          { max_kg: 22, price: 42.0 },
        ],
        international: [
          { max_kg: 0.5, price: 24.75 },
          { max_kg: 1, price: 36.1 },
          { max_kg: 2, price: 52.3 },
          { max_kg: 22, price: 118.0 },
        ],
      },
      days: { local: [1, 3], interstate: [2, 6], international: [6, 12] },
    },
    {
      product_id: "LOCAL-EXP",
      product_name: "Express Post",
      max_kg: 5,
      delivery_instructions: ["signature_on_delivery", "authority_to_leave"],
      rates: {
        local: [
          { max_kg: 0.5, price: 13.1 },
          { max_kg: 1, price: 17.4 },
          { max_kg: 5, price: 27.85 },
        ],
        interstate: [
          { max_kg: 0.5, price: 14.6 },
          { max_kg: 1, price: 19.75 },
          { max_kg: 5, price: 33.3 },
        ],
      },
      days: { local: [1, 1], interstate: [1, 3] },
    },
  ],
};

/** Australian postcodes' leading digit names the state group (0 NT, 2 NSW/ACT, 3 VIC, 4 QLD, 5 SA, 6 WA, 7 TAS). */
export function zoneFor(
  from: { postcode: string; country: string },
  to: { postcode: string; country: string },
): Zone {
  if (!isDomestic(to.country) || !isDomestic(from.country)) return "international";
  return from.postcode.trim()[0] === to.postcode.trim()[0] ? "local" : "interstate";
}

/** The weight charged per parcel: the heavier of its weight and its cubic weight. */
export const chargeableKg = (weightKg: number, volumeM3: number, cubicFactor: number) =>
  Math.max(weightKg, volumeM3 * cubicFactor);

/** Adds business days (Monday–Friday) to a date, in UTC. */
export function addBusinessDays(from: Date, days: number): Date {
  const d = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
  let left = days;
  while (left > 0) {
    d.setUTCDate(d.getUTCDate() + 1);
    const dow = d.getUTCDay();
    if (dow !== 0 && dow !== 6) left--;
  }
  return d;
}
const isoDate = (d: Date) => d.toISOString().slice(0, 10);
/** "1 business day", "2–6 business days". */
export const businessDays = ([from, to]: [number, number]) =>
  from === to ? `${from} business day${from === 1 ? "" : "s"}` : `${from}–${to} business days`;

export interface RateCardQuote {
  product_id: string;
  product_name: string;
  price: number | null;
  message: string;
  errors: string[];
  delivery_estimate: [string, string] | null;
  delivery_instructions: DeliveryInstruction[];
}

/** Every product of the card, priced for this parcel; products that cannot take it say why. */
export function quoteRateCard(
  card: RateCard,
  parcel: {
    from: { postcode: string; country: string };
    to: { postcode: string; country: string };
    weight: number;
    volume: number;
    quantity: number;
    delivery_instruction: DeliveryInstruction;
  },
  today: Date,
): RateCardQuote[] {
  const zone = zoneFor(parcel.from, parcel.to);
  const kg = chargeableKg(parcel.weight, parcel.volume, card.cubic_factor);
  return card.products.map((p) => {
    const errors: string[] = [];
    const table = p.rates[zone];
    const days = p.days[zone];
    if (!table || !days) errors.push(`${p.product_name} does not deliver to this destination.`);
    if (kg > p.max_kg) errors.push(`${p.product_name} takes parcels up to ${p.max_kg} kg.`);
    if (!p.delivery_instructions.includes(parcel.delivery_instruction))
      errors.push(
        `${p.product_name} does not offer ${DELIVERY_INSTRUCTION_LABELS[parcel.delivery_instruction]}.`,
      );
    const bracket = table?.find((r) => kg <= r.max_kg);
    if (table && !bracket && kg <= p.max_kg) errors.push(`No rate for ${kg} kg.`);
    if (errors.length || !bracket || !days)
      return {
        product_id: p.product_id,
        product_name: p.product_name,
        price: null,
        message: "Not available for this parcel",
        errors,
        delivery_estimate: null,
        delivery_instructions: p.delivery_instructions,
      };
    const price = Math.round(bracket.price * parcel.quantity * 100) / 100;
    return {
      product_id: p.product_id,
      product_name: p.product_name,
      price,
      message: `Drop off at the post office; ${businessDays(days)}`,
      errors: [],
      delivery_estimate: [isoDate(addBusinessDays(today, days[0])), isoDate(addBusinessDays(today, days[1]))],
      delivery_instructions: p.delivery_instructions,
    };
  });
}

export const rateCardSchema: z.ZodType<RateCard> = z.object({
  cubic_factor: z.number().positive(),
  products: z
    .array(
      z.object({
        product_id: z.string().min(1),
        product_name: z.string().min(1),
        max_kg: z.number().positive(),
        delivery_instructions: z.array(z.enum(DELIVERY_INSTRUCTIONS)),
        rates: z.partialRecord(
          z.enum(["local", "interstate", "international"]),
          z.array(z.object({ max_kg: z.number().positive(), price: z.number().min(0) })),
        ),
        days: z.partialRecord(
          z.enum(["local", "interstate", "international"]),
          z.tuple([z.number().int().min(0), z.number().int().min(0)]),
        ),
      }),
    )
    .min(1),
});
