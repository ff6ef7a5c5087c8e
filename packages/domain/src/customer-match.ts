// One matching rule for a person who comes from outside Loupe (issue 45): a sale from the point of
// sale or the web shop now, the customer import later. The strongest fact decides: a source
// customer id staff (or an earlier match) already linked; else the e-mail; else the mobile in E.164;
// else the name with the date of birth. A weaker fact is asked only when no stronger one was given,
// so an e-mail that matches nobody creates a customer rather than falling back to a name that
// matches a namesake. Exactly one candidate links; none creates; several wait for a person.

import { mobileDigitForms, type SmsCountry, toSmsNumber } from "./phone-rules";

/** What the outside knows of the person, as it sent it. */
export interface MatchFacts {
  email: string | null;
  mobile: string | null;
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD. */
  dateOfBirth: string | null;
}

/** Which fact the lookup uses; the server turns each into one query. */
export type MatchKey =
  | { by: "email"; email: string }
  | { by: "mobile"; e164: string; digitForms: string[] }
  | { by: "name_dob"; firstName: string; lastName: string; dateOfBirth: string };

export const normaliseEmail = (email: string | null): string | null => {
  const e = email?.trim().toLowerCase() ?? "";
  return e.includes("@") ? e : null;
};

/**
 * The facts to look up, strongest first: the server asks each in turn and stops at the first that
 * answers anyone (the rule: a stronger fact that matches someone is never overruled by a weaker one).
 */
export function matchKeys(facts: MatchFacts, country: SmsCountry): MatchKey[] {
  const keys: MatchKey[] = [];
  const email = normaliseEmail(facts.email);
  if (email) keys.push({ by: "email", email });
  const e164 = facts.mobile ? toSmsNumber(facts.mobile, country) : null;
  if (e164) keys.push({ by: "mobile", e164, digitForms: mobileDigitForms(e164) });
  const first = facts.firstName.trim();
  const last = facts.lastName.trim();
  if (first && last && facts.dateOfBirth)
    keys.push({ by: "name_dob", firstName: first, lastName: last, dateOfBirth: facts.dateOfBirth });
  return keys;
}

export type MatchOutcome =
  | { outcome: "link"; customerId: number; by: MatchKey["by"] | "linked" }
  | { outcome: "create" }
  | { outcome: "choose"; candidateIds: number[]; by: MatchKey["by"] };

/**
 * Decides from what each key's lookup found (in `matchKeys` order; a lookup not asked is absent):
 * the first key that found anyone decides: one → link, several → a person chooses. None → create.
 */
export function decideMatch(found: { key: MatchKey; ids: number[] }[]): MatchOutcome {
  for (const { key, ids } of found) {
    const unique = [...new Set(ids)];
    if (unique.length === 1) return { outcome: "link", customerId: unique[0], by: key.by };
    if (unique.length > 1) return { outcome: "choose", candidateIds: unique, by: key.by };
  }
  return { outcome: "create" };
}

/** An e-mail shown to tell two candidates apart without reading it out: "ja***@example.com". */
export function maskEmail(email: string | null): string | null {
  if (!email) return null;
  const at = email.indexOf("@");
  if (at < 1) return "***";
  return `${email.slice(0, Math.min(2, at))}***${email.slice(at)}`;
}

/** A mobile with only its last three digits: "••• 678". */
export function maskMobile(mobile: string | null): string | null {
  if (!mobile) return null;
  const digits = mobile.replace(/\D/g, "");
  return digits.length < 4 ? "•••" : `••• ${digits.slice(-3)}`;
}
