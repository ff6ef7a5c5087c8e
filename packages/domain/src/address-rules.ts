import { z } from "zod";
import { messages } from "./messages";
import { postcodeError } from "./postcode-rules";

// Addresses (customers-area §3, §5, §8, §9).

export const ADDRESS_TYPES = ["Physical", "Postal", "Home", "Work", "Billing", "Shipping", "Other"] as const;
export const DEFAULT_ADDRESS_TYPE = "Shipping";
export const ADDRESS_GUEST_MESSAGE = "New address cannot be added to guests.";
export const ADDRESS_CREATED = "New address has been successfully created!";

/** Two-letter codes for the countries staff ship to most; any ISO 3166-1 alpha-2 code is accepted. */
export const COMMON_COUNTRIES = [
  { code: "AU", name: "Australia" },
  { code: "NZ", name: "New Zealand" },
  { code: "CA", name: "Canada" },
  { code: "US", name: "United States" },
  { code: "GB", name: "United Kingdom" },
  { code: "IE", name: "Ireland" },
  { code: "SG", name: "Singapore" },
  { code: "HK", name: "Hong Kong" },
  { code: "JP", name: "Japan" },
  { code: "FR", name: "France" },
  { code: "DE", name: "Germany" },
  { code: "IN", name: "India" },
  { code: "CN", name: "China" },
  { code: "FJ", name: "Fiji" },
] as const;

const text = (field: string, max = 255) =>
  z
    .string({ error: messages.required(field) })
    .trim()
    .min(1, messages.required(field))
    .max(max, messages.maxLength(field, max));
const optional = (field: string, max = 255) =>
  z
    .string()
    .trim()
    .max(max, messages.maxLength(field, max))
    .nullish()
    .transform((v) => v || null);

/** The address form; AU adds the state and suburb rules of §5; AU, NZ and CA check the postcode (`postcodeError`). */
export const addressSchema = z
  .object({
    type: z.enum(ADDRESS_TYPES, { error: messages.required("Address Type") }),
    first_name: text("First Name"),
    last_name: text("Last Name"),
    email: text("E-mail address").pipe(z.email(messages.email("E-mail address"))),
    mobile: optional("Mobile", 30),
    description: optional("Description"),
    address1: text("Street Address"),
    address2: optional("Unit"),
    suburb: optional("Suburb", 100),
    city: text("City", 100),
    state: optional("State", 50),
    postcode: text("Postcode", 20),
    country: z
      .string({ error: messages.required("Country") })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, messages.required("Country")),
  })
  .superRefine(
    (a, ctx) => {
      // Runs even when other fields failed (`when` below): the first submit lists every problem,
      // the AU state included, so the values may be missing or of the wrong type here.
      if (typeof a !== "object" || a === null) return;
      const country = typeof a.country === "string" ? a.country.trim().toUpperCase() : "";
      const postcode = typeof a.postcode === "string" ? a.postcode.trim() : "";
      // A postcode is text: "0800" keeps its zero (ADR 0051 replaces the spec's 1000–9999 rule).
      const postcodeRefusal = postcodeError(country, postcode);
      if (postcodeRefusal) ctx.addIssue({ code: "custom", path: ["postcode"], message: postcodeRefusal });
      if (country !== "AU") return;
      const state = typeof a.state === "string" ? a.state.trim() : "";
      if (!state) ctx.addIssue({ code: "custom", path: ["state"], message: messages.required("State") });
      else if (!/^[A-Za-z]+$/.test(state))
        ctx.addIssue({
          code: "custom",
          path: ["state"],
          message: "The State field may only contain alphabetic characters",
        });
      else if (state.length > 3)
        ctx.addIssue({ code: "custom", path: ["state"], message: messages.maxLength("State", 3) });
      const suburb = typeof a.suburb === "string" ? a.suburb.trim() : "";
      if (suburb && !/^[A-Za-z ]+$/.test(suburb)) {
        ctx.addIssue({ code: "custom", path: ["suburb"], message: messages.alphaSpaces("Suburb") });
      }
    },
    { when: () => true },
  );
export type AddressInput = z.input<typeof addressSchema>;
export type AddressValues = z.output<typeof addressSchema>;

/** Codes Intl names that are not ISO 3166-1 countries (EU, UN, pseudo-regions, exceptional reservations). */
const NOT_COUNTRIES = new Set([
  "AC",
  "CP",
  "CQ",
  "DG",
  "EA",
  "EU",
  "EZ",
  "IC",
  "QO",
  "TA",
  "UN",
  "XA",
  "XB",
  "XK",
  "ZZ",
]);

/**
 * Every ISO 3166-1 alpha-2 country with its name in the staff's language (Intl.DisplayNames), the
 * countries shipped to most first, then the rest alphabetically.
 */
export function allCountries(locale = "en-AU"): { code: string; name: string }[] {
  const names = new Intl.DisplayNames([locale], { type: "region", fallback: "none" });
  const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  const common = new Set<string>(COMMON_COUNTRIES.map((c) => c.code));
  const rest: { code: string; name: string }[] = [];
  for (const a of letters) {
    for (const b of letters) {
      const code = a + b;
      if (NOT_COUNTRIES.has(code) || common.has(code)) continue;
      const name = names.of(code);
      if (name && name !== code) rest.push({ code, name });
    }
  }
  rest.sort((x, y) => x.name.localeCompare(y.name, locale));
  return [...COMMON_COUNTRIES.map((c) => ({ code: c.code, name: names.of(c.code) ?? c.name })), ...rest];
}
