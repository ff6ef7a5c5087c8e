// The intake's half of the rulebook (issue 45, ADR 0059): who may act on a sale that came from the
// point of sale or the web shop. A waiting sale is its region's business (its staff pick the
// customer, name the outlet, retry, sync the region's store); the raw payload of a delivery that
// could not be read may hold anyone's personal data, so only administrators read it.

import { ADMIN_ROLE_ID } from "./constants";
import { actsOnRegion, type RuleActor, type Verdict } from "./job-rulebook";

export const INTAKE_ACTIONS = [
  /** Read one sale with its candidates (names, masked contacts). */
  "intake_view",
  /** Link a customer, link an outlet, retry a waiting sale. */
  "intake_resolve",
  /** Ask a store's change feed now. */
  "intake_sync",
  /** Read a failed delivery's raw payload. */
  "intake_raw",
] as const;
export type IntakeAction = (typeof INTAKE_ACTIONS)[number];

/** Why a sale waits for a person. */
export const INTAKE_REASON_CODES = [
  "unknown_sku",
  "needs_customer",
  "unknown_outlet",
  /** A return whose returned sale has not arrived (or not been made into a job) yet. */
  "unknown_sale",
  /** Processing failed for a reason a retry may clear (the queue tries again). */
  "failed",
] as const;
export type IntakeReasonCode = (typeof INTAKE_REASON_CODES)[number];

export const INTAKE_MESSAGES = {
  madeIntoJob: "The sale is now a job.",
  otherRegion:
    "This sale belongs to another region's store: only that region's staff or an administrator can do this.",
  rawAdminsOnly:
    "Only an administrator can read a delivery's raw payload: it may hold a customer's personal data.",
  unknownSku: (skus: string[]) =>
    skus.length === 1
      ? `SKU ${skus[0]} is not in the catalogue`
      : `SKUs ${skus.join(", ")} are not in the catalogue`,
  noSku: (name: string) => `The line "${name}" has no SKU`,
  needsCustomer: (count: number) =>
    `${count} customers could be this sale's customer: pick one or create one`,
  unknownOutlet: (externalId: string | null) =>
    externalId
      ? `The source's outlet ${externalId} is not linked to a Loupe outlet`
      : "The sale names no outlet: pick the Loupe outlet it was sold at",
  unknownSale: (externalId: string) => `The returned sale ${externalId} has not been made into a job yet`,
  failed: "Loupe could not make the job yet; it tries again by itself",
  stillWaiting: (reason: string) => `The sale still waits: ${reason}.`,
  notWaiting: "This sale is not waiting: it has been made into its job already.",
  notNeedsCustomer: "This sale is not waiting for a customer.",
  notUnknownOutlet: "This sale is not waiting for an outlet.",
  outletOtherRegion: "The outlet_id must be an active outlet of the sale's region.",
  customerNotFound: "The customer_id must name an existing customer.",
  unknownStore: (key: string) => `No store is configured with the key ${key}.`,
} as const;

export interface IntakeRuleContext {
  actor: RuleActor;
  /** The region of the sale's (or store's) store; null for a failure whose store is unknown. */
  regionId: number | null;
}

/** Who may do `action` on an intake sale, store or failed delivery. */
export function decideIntakeAction(action: IntakeAction, ctx: IntakeRuleContext): Verdict {
  if (action === "intake_raw")
    return ctx.actor.roleId === ADMIN_ROLE_ID
      ? { allowed: true }
      : { allowed: false, refusal: "who", reason: INTAKE_MESSAGES.rawAdminsOnly, hide: true };
  if (ctx.regionId !== null && !actsOnRegion(ctx.actor, ctx.regionId))
    return { allowed: false, refusal: "who", reason: INTAKE_MESSAGES.otherRegion, hide: true };
  return { allowed: true };
}
