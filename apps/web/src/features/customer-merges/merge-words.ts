// Every word the duplicate-customer screens show (issue 46), in one place. The server's own
// sentences (a refusal, the evidence's detail, a merge's message) come with its answers, shown as is.

export const DUPLICATES_PATH = "/customers/duplicates";
export const MERGES_PATH = "/customers/merges";
/** The merge screen for two customers; `pair` names the possible-duplicates pair it settles. */
export const mergePath = (keep: number, lose: number, pairId?: number | null) =>
  `/customers/merge/${keep}/${lose}${pairId ? `?pair=${pairId}` : ""}`;

export const EVIDENCE_LABELS = {
  email: "Same email",
  mobile: "Same mobile",
  name_dob: "Names alike + same DOB",
} as const;

export const PAIR_STATE_LABELS = { open: "Open", dismissed: "Not duplicates", merged: "Merged" } as const;

export const W = {
  duplicatesTitle: "Possible duplicates",
  mergesTitle: "Merge history",
  mergeTitle: "Merge customers",
  pairsList: "Possible duplicate customers",
  noPairs: {
    open: "No possible duplicates are waiting.",
    dismissed: "No pair has been marked as not duplicates.",
    merged: "No pair has been merged yet.",
  },
  score: (n: number) => `${n}% alike`,
  compare: "Compare and merge",
  compareFor: (a: string, b: string) => `Compare and merge: ${a} and ${b}`,
  dismiss: "Not duplicates",
  dismissFor: (a: string, b: string) => `Not duplicates: ${a} and ${b}`,
  dismissTitle: "Not the same person?",
  dismissMessage: (a: string, b: string) => `${a} and ${b} will not be offered as possible duplicates again.`,
  dismissConfirm: "Yes, not duplicates",
  finder: "Duplicate finder",
  finderRunning: "Running now…",
  finderNever: "Has not run yet.",
  finderLast: (when: string, customers: number | null, ms: number | null) =>
    `Last run ${when}${customers !== null ? `: ${customers.toLocaleString("en-AU")} customers compared` : ""}${
      ms !== null ? ` in ${(ms / 1000).toFixed(1)} s` : ""
    }.`,
  openPairs: (n: number) => `${n} open ${n === 1 ? "pair" : "pairs"}`,
  findNow: "Find duplicates now",
  findAsked: "The finder is running: new pairs appear here as it finds them.",
  history: "Merge history",
  showDuplicates: "Possible duplicates",
  dob: "DOB",
  outlet: "Outlet",
  created: "Created",
  counts: (prescriptions: number, jobs: number) =>
    `${prescriptions} ${prescriptions === 1 ? "prescription" : "prescriptions"} · ${jobs} ${
      jobs === 1 ? "job" : "jobs"
    }`,
  none: "—",
  // The merge screen
  kept: "Kept",
  losing: "Merged away",
  keptRecord: (name: string, id: number) => `Kept: ${name} (#${id})`,
  losingRecord: (name: string, id: number) => `Merged away: ${name} (#${id})`,
  swap: "Swap which record is kept",
  fieldsLegend: "Pick each value the kept record ends with",
  pickFor: (field: string) => `${field}: which value to keep`,
  empty: "(empty)",
  nothingToPick: "The two records hold the same values: nothing to pick.",
  sameOnBoth: (labels: string[]) => `The same on both records: ${labels.join(", ")}.`,
  holdsTitle: (name: string) => `What moves from ${name} to the kept record`,
  holdsNothing: "Nothing else is recorded against it.",
  consentTitle: "Consent after the merge",
  consentExplain:
    "The kept record takes the stricter consent of the two: the narrower marketing choice, and a channel only where both records allow it. Someone who said no on either record has said no.",
  channels: { channel_sms: "SMS", channel_phone: "Phone", channel_email: "Email" },
  allowed: "allowed",
  notAllowed: "not allowed",
  merge: "Merge",
  mergeConfirmTitle: "Merge these customers?",
  mergeConfirmMessage: (lose: string, keep: string) =>
    `Everything of ${lose} moves to ${keep}, with the values picked here. An administrator can undo it within 30 days.`,
  mergeConfirm: "Yes, merge",
  conflictIn: (which: string) => `${which}: `,
  // History
  mergesList: "Merges, newest first",
  noMerges: "No customers have been merged yet.",
  keptLost: "Kept / merged away",
  moved: "Moved",
  movedNothing: "Nothing moved",
  by: "By",
  when: "When",
  undo: "Undo",
  undoFor: (lost: string, kept: string) => `Undo: ${lost} merged into ${kept}`,
  undoTitle: "Undo this merge?",
  undoMessage: (lost: string, kept: string) =>
    `${lost} comes back with its own values and every record that moved to ${kept}.`,
  undoConfirm: "Yes, undo",
  undone: (when: string, by: string | null) => `Undone ${when}${by ? ` by ${by}` : ""}`,
  undoUntil: (when: string) => `Can be undone until ${when}`,
  // The customer page
  mergedInto: (name: string, id: number) => `This customer was merged into ${name} (#${id}).`,
  mergeWith: "Merge with…",
  mergeWithTitle: (name: string) => `Merge ${name} with another customer`,
  searchLabel: "Find the other customer",
  searchHint: "Name, email or mobile",
  pickOther: "The other customer",
  noMatches: "No other customer matches.",
  chooseOtherFirst: "Pick the other customer first.",
  next: "Compare",
  cancel: "Cancel",
} as const;
