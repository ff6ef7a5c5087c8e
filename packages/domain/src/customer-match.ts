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

// ---- The duplicate finder's evidence (issue 46): the same three facts, asked of two records. ----

/**
 * Names at least this alike (trigram similarity, 0–1) count as the same person's name when the date
 * of birth is the same too. 0.5 takes "Jon Smith" / "John Smith" (0.62) and "Catherine Jones" /
 * "Katherine Jones" (0.64) but not two different first names sharing a surname ("Anna Smith" /
 * "Peter Smith", 0.35). The finder's SQL blocks with pg_trgm's `similarity()` at the same value.
 */
export const NAME_SIMILARITY_THRESHOLD = 0.5;

/**
 * pg_trgm's trigrams of a text: lower-cased, split into words on anything not a letter or digit,
 * each word padded with two spaces before and one after, every three-character window, as a set.
 * For Latin letters and digits this gives exactly pg_trgm's set, so `trigramSimilarity` equals its
 * `similarity()`; pg_trgm decides which other characters are letters by the database's locale (an
 * accented letter may split a word there and not here), so the finder scores in TypeScript only
 * pairs the SQL already found at or above the threshold, and the two may differ in the last digit.
 */
export function trigrams(text: string): Set<string> {
  const out = new Set<string>();
  for (const word of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (!word) continue;
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  }
  return out;
}

/** Shared trigrams over all trigrams of the two (pg_trgm's `similarity`); 0 when either has none. */
export function trigramSimilarity(a: string, b: string): number {
  const ta = trigrams(a);
  const tb = trigrams(b);
  if (!ta.size || !tb.size) return 0;
  let shared = 0;
  for (const t of ta) if (tb.has(t)) shared++;
  return shared / (ta.size + tb.size - shared);
}

/** One record as the finder compares it. */
export interface DuplicateFacts {
  firstName: string;
  lastName: string;
  email: string | null;
  mobile: string | null;
  /** YYYY-MM-DD. */
  dateOfBirth: string | null;
  /** The country its mobile is read in (its region's); a `+` number carries its own. */
  country: SmsCountry;
}

export interface DuplicateEvidenceItem {
  by: MatchKey["by"];
  detail: string;
}

export interface DuplicateEvidence {
  /** 0–100: how strongly the evidence says one person; 0 with no evidence. */
  score: number;
  evidence: DuplicateEvidenceItem[];
}

/**
 * How much each fact alone says "one person". An e-mail or a mobile is often shared in a family
 * (a parent books for a child), so neither alone is certain; a near-identical name with the same
 * date of birth is strong. Facts combine as independent chances: 1 − Π(1 − p).
 */
const WEIGHT = { email: 0.7, mobile: 0.6 } as const;
/** A shared e-mail or mobile with names this unlike is probably a family: the contact fact counts less. */
const FAMILY_NAME_SIMILARITY = 0.3;

const fullName = (f: DuplicateFacts) => `${f.firstName} ${f.lastName}`.trim();

/** "1981-04-03" → "03/04/1981" (day first, as the outlets write it). */
const dayFirst = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/**
 * The duplicate finder's rule for one pair: the same normalised e-mail, the same mobile in E.164,
 * and names alike (`NAME_SIMILARITY_THRESHOLD`) with the same date of birth, each named in plain
 * words, and a score from them. The same facts as `matchKeys` (the POS intake and the import).
 */
export function duplicateEvidence(a: DuplicateFacts, b: DuplicateFacts): DuplicateEvidence {
  const evidence: DuplicateEvidenceItem[] = [];
  const chances: number[] = [];
  const nameSimilarity = trigramSimilarity(fullName(a), fullName(b));
  const family = nameSimilarity < FAMILY_NAME_SIMILARITY ? 0.5 : 1;

  const emailA = normaliseEmail(a.email);
  if (emailA && emailA === normaliseEmail(b.email)) {
    evidence.push({ by: "email", detail: `Same email ${maskEmail(emailA)}` });
    chances.push(WEIGHT.email * family);
  }
  const mobileA = a.mobile ? toSmsNumber(a.mobile, a.country) : null;
  if (mobileA && mobileA === (b.mobile ? toSmsNumber(b.mobile, b.country) : null)) {
    evidence.push({ by: "mobile", detail: `Same mobile ${maskMobile(mobileA)}` });
    chances.push(WEIGHT.mobile * family);
  }
  if (a.dateOfBirth && a.dateOfBirth === b.dateOfBirth && nameSimilarity >= NAME_SIMILARITY_THRESHOLD) {
    const percent = Math.floor(nameSimilarity * 100);
    evidence.push({
      by: "name_dob",
      detail: `${percent === 100 ? "Same name" : `Names ${percent}% alike`}, same date of birth ${dayFirst(a.dateOfBirth)}`,
    });
    // From 0.6 at the threshold to 0.95 for the same name.
    chances.push(
      0.6 + (0.35 * (nameSimilarity - NAME_SIMILARITY_THRESHOLD)) / (1 - NAME_SIMILARITY_THRESHOLD),
    );
  }
  const score = Math.round(100 * (1 - chances.reduce((left, p) => left * (1 - p), 1)));
  return { score, evidence };
}
