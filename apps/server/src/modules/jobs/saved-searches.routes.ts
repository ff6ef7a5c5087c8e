import { createSavedSearch, deleteSavedSearch, listSavedSearches } from "@loupe/contract";
import { savedSearchNameError, savedSearchNameTaken } from "@loupe/domain";
import { and, asc, eq } from "drizzle-orm";
import { notFound, validationError } from "../../platform/http/app-error";
import type { ModuleContext } from "../module-context";
import { savedSearches } from "./jobs.tables";

export const NO_FILTER_TO_SAVE = "There is no filter to save!";
export const FILTER_SAVED = "Filter Saved!";
// Paging, sorting and the refresh value are not filters: a search made only of them saves nothing.
const NOT_FILTERS = new Set(["page", "per_page", "sort_by", "sort_direction", "r"]);

/** Saved job filters belong to the staff user who saved them. */
export function registerSavedSearchesRoutes({ bind, db }: ModuleContext): void {
  const toWire = (r: typeof savedSearches.$inferSelect) => ({
    id: r.id,
    name: r.name,
    query: r.query as Record<string, string>,
  });
  bind(listSavedSearches, async ({ staff }) => ({
    data: (
      await db
        .select()
        .from(savedSearches)
        .where(eq(savedSearches.staffUserId, staff.id))
        .orderBy(asc(savedSearches.name))
    ).map(toWire),
  }));
  bind(createSavedSearch, async ({ staff, body, reply }) => {
    const query = Object.fromEntries(
      Object.entries(body.query).filter(([k, v]) => !NOT_FILTERS.has(k) && v !== ""),
    );
    if (Object.keys(query).length === 0) throw validationError({ query: [NO_FILTER_TO_SAVE] });
    const taken = () => validationError({ name: [savedSearchNameTaken(body.name)] });
    const mine = await db
      .select({ name: savedSearches.name })
      .from(savedSearches)
      .where(eq(savedSearches.staffUserId, staff.id));
    if (
      savedSearchNameError(
        body.name,
        mine.map((m) => m.name),
      )
    )
      throw taken();
    const [row] = await db
      .insert(savedSearches)
      .values({ staffUserId: staff.id, name: body.name, query: body.query })
      .onConflictDoNothing()
      .returning();
    // Saved at the same moment under the same name: the unique index kept the first.
    if (!row) throw taken();
    reply.status(201);
    return { message: FILTER_SAVED, data: toWire(row) };
  });
  bind(deleteSavedSearch, async ({ staff, params }) => {
    const removed = await db
      .delete(savedSearches)
      .where(and(eq(savedSearches.id, params.id), eq(savedSearches.staffUserId, staff.id)))
      .returning();
    if (!removed.length) throw notFound("Saved search");
    return { message: "Filter removed." };
  });
}
