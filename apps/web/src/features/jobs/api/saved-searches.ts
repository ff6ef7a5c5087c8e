import { createSavedSearch, deleteSavedSearch, listSavedSearches } from "@loupe/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/api-client";
import { jobKeys } from "./job-keys";

/** The signed-in user's saved job filters (kept on the server, per staff user). */
export const useSavedSearches = () =>
  useQuery({
    queryKey: jobKeys.savedSearches,
    queryFn: async () => (await callEndpoint(listSavedSearches)).data,
  });

export function useSavedSearchMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: jobKeys.savedSearches });
  return {
    save: useMutation({
      mutationFn: (v: { name: string; query: Record<string, string> }) =>
        callEndpoint(createSavedSearch, { body: v }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => callEndpoint(deleteSavedSearch, { params: { id } }),
      onSuccess: refresh,
    }),
  };
}
