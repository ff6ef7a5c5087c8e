// Issue 27: which job (dispense) statuses mean "ready to collect". A per-region setting chooses the
// slugs; until a region has chosen, this default applies. The late/ready/uncollected tabs and the
// ready-to-collect messages read the same answer, so "ready" means one thing everywhere.

/** Job statuses that mean "ready to collect" where the region has not chosen its own. */
export const DEFAULT_READY_STATUS_SLUGS: readonly string[] = ["ready-to-go"];

/** The region's ready statuses: its own choice when it made one, else the default. */
export function readyStatusSlugs(regionChoice: readonly string[] | null | undefined): readonly string[] {
  return regionChoice && regionChoice.length > 0 ? regionChoice : DEFAULT_READY_STATUS_SLUGS;
}

export const isReadyStatus = (slug: string, regionChoice?: readonly string[] | null) =>
  readyStatusSlugs(regionChoice).includes(slug);
