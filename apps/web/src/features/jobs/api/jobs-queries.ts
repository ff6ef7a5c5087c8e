import {
  getJob,
  listJobs,
  listJobTabs,
  type OrderDetailWire,
  type OrderWire,
  searchJobsIndex,
} from "@loupe/contract";
import type { TotalKind } from "@loupe/domain";
import { keepPreviousData, type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/api-client";
import { jobKeys } from "./job-keys";

/** Which list a jobs screen reads: the database list, or the search-index one (Jobs MEILI). */
export type JobsSource = "db" | "index";

/** The spec leaves the jobs page size to the server; the list's default, for the index's paging. */
export const JOBS_PAGE_SIZE = 15;

export interface JobsPage {
  rows: OrderWire[];
  total: number;
  /** "at_least" past the cap of a search or combined filters: the pager shows "1,000+" (ADR 0041). */
  totalKind?: TotalKind;
  perPage: number;
}

/** What every list call adds to the route query (spec §7); the octopos parameter never goes out. */
export function listCallQuery(route: Record<string, string>, source: JobsSource): Record<string, string> {
  const { octopos: _octopos, ...rest } = route;
  return {
    ...rest,
    order_item_append: "next_scheduled_date",
    product_type_append: "lenses_type",
    action: "list",
    ...(source === "index" ? { no_limit: "true" } : {}),
  };
}

async function fetchJobs(route: Record<string, string>, source: JobsSource, signal: AbortSignal) {
  const query = listCallQuery(route, source);
  if (source === "index") {
    // The index answers hits and a total, without a page size: the route's, else the list default.
    const res = await callEndpoint(searchJobsIndex, { query, signal });
    return { rows: res.data.hits, total: res.data.total, perPage: Number(route.per_page ?? JOBS_PAGE_SIZE) };
  }
  const res = await callEndpoint(listJobs, { query, signal });
  const { total, total_kind, per_page } = res.meta.pagination;
  return { rows: res.data, total, totalKind: total_kind, perPage: per_page };
}

/**
 * How long a list asked for is taken as current. A click asks for its list before the screen
 * redraws (prefetchJobs); the screen's query mounts a render later and must take that answer, not
 * ask again. Every choice carries a fresh "r", so this never serves a choice made twice.
 */
const JUST_ASKED_MS = 2_000;

const jobsQuery = (route: Record<string, string>, source: JobsSource) =>
  queryOptions<JobsPage>({
    queryKey: jobKeys.list(source, route),
    queryFn: ({ signal }) => fetchJobs(route, source, signal),
    staleTime: JUST_ASKED_MS,
  });

/** The jobs list for a route query; `enabled` is off while the query cannot be sent (bad custom filter). */
export const useJobs = (route: Record<string, string>, source: JobsSource, enabled = true) =>
  useQuery<JobsPage>({ ...jobsQuery(route, source), placeholderData: keepPreviousData, enabled });

/**
 * Sends the list call for a route the screen is about to show, so it travels while React redraws
 * the screen for the new address (issue 31: the request used to leave only after that redraw,
 * ~50 ms after an Apply Filters click).
 */
export const prefetchJobs = (client: QueryClient, route: Record<string, string>, source: JobsSource) =>
  void client.prefetchQuery(jobsQuery(route, source));

/**
 * One job with its items. The ungrouped items become one more group, so the detail renders every
 * item the same way (spec §7: "the client adds … a group of ungrouped items").
 */
export const useJob = (id: number) =>
  useQuery({
    queryKey: jobKeys.one(id),
    queryFn: async () => withUngroupedGroup((await callEndpoint(getJob, { params: { id } })).data),
  });

export type ItemGroup = OrderDetailWire["item_groups"][number];
export const UNGROUPED_GROUP_ID = 0;

export function withUngroupedGroup(job: OrderDetailWire): OrderDetailWire & { groups: ItemGroup[] } {
  const groups = [...job.item_groups];
  if (job.no_group_items.length)
    groups.push({
      id: UNGROUPED_GROUP_ID,
      name: "Other items",
      type: "ungrouped",
      order_items: job.no_group_items,
    });
  return { ...job, groups };
}

export const useJobTabs = () =>
  useQuery({ queryKey: jobKeys.tabs, queryFn: async () => (await callEndpoint(listJobTabs)).data });
