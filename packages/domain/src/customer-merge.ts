// Merging two records of one person (issue 46): which of the customer's own fields staff pick
// between, and the consent the kept record ends with. Everything else of the losing record (its
// prescriptions, PDs, files, notes, addresses, jobs, payments, messages, recalls, referrals) moves.

export const MERGE_FIELDS = [
  "first_name",
  "last_name",
  "email",
  "mobile",
  "phone",
  "dob",
  "gender",
  "occupation",
  "hobbies",
  "outlet_id",
] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];

export const MERGE_FIELD_LABELS: Record<MergeField, string> = {
  first_name: "First name",
  last_name: "Last name",
  email: "Email",
  mobile: "Mobile",
  phone: "Phone",
  dob: "Date of birth",
  gender: "Gender",
  occupation: "Occupation",
  hobbies: "Hobbies",
  outlet_id: "Outlet",
};

/** Which record's value a field keeps. */
export type MergeChoice = "keep" | "lose";

/** What each record says of its messages: the spec's opt-in and the three channels. */
export interface ConsentFacts {
  newOptIn: "ALL" | "HEALTH" | "NONE";
  channelSms: boolean;
  channelPhone: boolean;
  channelEmail: boolean;
}

const OPT_IN_STRICTNESS = { ALL: 0, HEALTH: 1, NONE: 2 } as const;

/**
 * The stricter of two consents: the narrower opt-in, and a channel only where both allow it. A
 * person who said "no" on either record has said no.
 */
export function stricterConsent(a: ConsentFacts, b: ConsentFacts): ConsentFacts {
  return {
    newOptIn: OPT_IN_STRICTNESS[a.newOptIn] >= OPT_IN_STRICTNESS[b.newOptIn] ? a.newOptIn : b.newOptIn,
    channelSms: a.channelSms && b.channelSms,
    channelPhone: a.channelPhone && b.channelPhone,
    channelEmail: a.channelEmail && b.channelEmail,
  };
}

/**
 * Default choices: the kept record's value, unless it is empty and the losing one has a value
 * (staff then see the losing value pre-picked).
 */
export function defaultMergeChoices(
  keep: Partial<Record<MergeField, unknown>>,
  lose: Partial<Record<MergeField, unknown>>,
): Record<MergeField, MergeChoice> {
  const empty = (v: unknown) => v === null || v === undefined || v === "";
  return Object.fromEntries(
    MERGE_FIELDS.map((f) => [f, empty(keep[f]) && !empty(lose[f]) ? "lose" : "keep"]),
  ) as Record<MergeField, MergeChoice>;
}

export const MERGE_MESSAGES = {
  merged: "The customers have been merged.",
  undone: "The merge has been undone.",
  dismissed: "Marked as not duplicates.",
  sameCustomer: "A customer cannot be merged with itself.",
  alreadyMerged: "This customer has already been merged into another.",
  /** The kept customer's id is appended by the server. */
  mergedInto: "This customer was merged into another customer.",
  alreadyUndone: "This merge has already been undone.",
} as const;
