import type { IntakeReasonCode } from "@loupe/contract";

// Every word the intake screen shows (issue 45), in one place: the server's own sentences (why a
// sale waits, a refusal) come with its answers and are shown as they are.

export const INTAKE_TITLE = "Intake";

export const SOURCE_LABELS = { lightspeed: "Lightspeed (POS)", shopify: "Shopify (web shop)" } as const;

export const REASON_LABELS: Record<IntakeReasonCode, string> = {
  unknown_sku: "Unknown SKU",
  needs_customer: "Needs a customer",
  unknown_outlet: "Unknown outlet",
  unknown_sale: "Returned sale not in yet",
  failed: "Could not be made yet",
};

export const FAILURE_LABELS = { signature: "Signature not valid", shape: "Not readable" } as const;

export const MATCHED_BY: Record<string, string> = {
  email: "same e-mail",
  mobile: "same mobile",
  name_dob: "same name and date of birth",
};

export const W = {
  stores: "Stores and what arrived from each today",
  noStores: "No store is configured.",
  standIn: "Local stand-in",
  lastSync: "Last sync",
  neverSynced: "Not synced yet",
  syncError: "Last sync failed",
  syncNow: "Sync now",
  // Accessible names begin with the visible words (WCAG 2.5.3), then say which one.
  syncNowFor: (label: string) => `Sync now: ${label}`,
  syncAsked: (label: string) => `Sync of ${label} asked for: new sales appear here as it runs.`,
  arrivedNone: "Nothing arrived today.",
  arrivedAt: (outlet: string | null) => outlet ?? "Outlet not linked yet",
  salesCount: (n: number) => `${n} ${n === 1 ? "sale" : "sales"}`,
  counts: (day: string, c: { waiting: number; failed: number; done_today: number }) =>
    `Today, ${day}: ${c.done_today} made into jobs · ${c.waiting} waiting · ${c.failed} failed`,

  tabWaiting: (n: number | undefined) => (n === undefined ? "Waiting" : `Waiting (${n})`),
  tabDone: "Done",
  tabFailed: (n: number | undefined) => (n === undefined ? "Failed deliveries" : `Failed deliveries (${n})`),
  salesList: "Sales",
  waitingList: "Waiting sales",
  doneList: "Sales made into jobs",
  failedList: "Failed deliveries",
  noneWaiting: "Nothing waits for a person.",
  noneDone: "No sale has been made into a job yet.",
  noneFailed: "Every delivery could be read.",
  received: "Received",
  customer: "Customer",
  guest: "Guest",
  total: "Total",
  invoice: (n: string) => `Sale ${n}`,

  pickCustomer: "Pick the customer",
  pickCustomerFor: (invoice: string) => `Pick the customer for sale ${invoice}`,
  pickOutlet: "Pick the outlet",
  pickOutletFor: (invoice: string) => `Pick the outlet for sale ${invoice}`,
  openCatalogue: "Open the catalogue",
  tryAgain: "Try again",
  tryAgainFor: (invoice: string) => `Try again: sale ${invoice}`,
  openJob: "Open the job",
  openJobFor: (invoice: string) => `Open the job of sale ${invoice}`,

  candidatesLegend: "Customers this sale could be for",
  candidatesHint: "Contact details are partly hidden: enough to tell two people apart.",
  noCandidates: "No customer matches any more: create one from the sale's details.",
  matchedBy: (by: string) => `Matched by ${MATCHED_BY[by] ?? by}`,
  dob: (d: string) => `Born ${d}`,
  linkCustomer: "Link this customer",
  createCustomer: "Create new customer",
  chooseOneFirst: "Choose a customer first, or create a new one.",

  outletsLegend: "The Loupe outlet it was sold at",
  sourceOutlet: (id: string | null) => (id ? `The source calls it ${id}.` : "The sale names no outlet."),
  noOutlets: "The sale's region has no active outlet.",
  linkOutlet: "Link this outlet",
  chooseOutletFirst: "Choose an outlet first.",
  outletRemembered: "Every later sale from this outlet goes to the one you pick.",

  loadingSale: "Loading the sale…",
  summaryWhat: "today's intake",
  signInFirst: "Sign in first.",
  cancel: "Cancel",

  resolvedTitle: "Resolved just now",
  dismiss: (invoice: string) => `Dismiss: sale ${invoice}`,
  resolved: (invoice: string) => `Sale ${invoice} is now a job.`,
  stillWaits: (invoice: string, reason: string | null) =>
    `Sale ${invoice} still waits${reason ? `: ${reason}` : ""}.`,

  showRaw: "Show raw payload",
  showRawFor: (id: number) => `Show raw payload of delivery ${id}`,
  rawTitle: (id: number) => `Delivery ${id} as received`,
  rawHeaders: "Headers",
  rawBody: "Body",
  rawGone: "The payload is no longer kept (30 days).",
  rawLogged: "This read is recorded in the access log: the payload may hold a customer's personal data.",
} as const;
