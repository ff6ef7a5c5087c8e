import { listGoOrders } from "@loupe/contract";
import { PAGE_SIZE } from "@loupe/domain";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/api-client";
import { brandSlug } from "../../../lib/config";
import { jobKeys } from "./job-keys";

export interface GoOrdersQuery {
  page: number;
  q?: string;
  outlet_id?: number;
  created_start_at?: string;
  created_end_at?: string;
}

/**
 * The online-channel orders from the web-shop base, 15 a page (spec §9). A failure is logged and
 * the spinner stops (spec §8); the query fails, so the table says what the server said rather than
 * showing an empty page (issue 52: a refusal is not "No data available.").
 */
export const useGoOrders = (query: GoOrdersQuery) =>
  useQuery({
    queryKey: jobKeys.goOrders({ ...query }),
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      try {
        return await callEndpoint(listGoOrders, {
          params: { channel: `${brandSlug}go` },
          query: { ...query, per_page: PAGE_SIZE.onlineJobs },
          signal,
        });
      } catch (err) {
        if ((err as Error).name === "AbortError") throw err;
        console.error("Online-channel orders failed to load", err);
        throw err;
      }
    },
  });
