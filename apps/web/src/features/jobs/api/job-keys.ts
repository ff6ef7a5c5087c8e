/** Query keys of the jobs screens. Everything under "jobs" refreshes after an edit (spec §7). */
export const jobKeys = {
  all: ["jobs"] as const,
  list: (variant: string, query: Record<string, unknown>) => ["jobs", "list", variant, query] as const,
  lists: ["jobs", "list"] as const,
  one: (id: number) => ["jobs", "one", id] as const,
  /** Under "jobs", so every job edit refreshes the timeline too. */
  events: (id: number) => ["jobs", "events", id] as const,
  tabs: ["jobs", "tabs"] as const,
  savedSearches: ["saved-searches"] as const,
  goOrders: (query: Record<string, unknown>) => ["go-orders", query] as const,
  /** An outlet's latest shipping manifests (the Manifests menu). */
  manifests: (outletId: number) => ["shipping-manifests", outletId] as const,
};
