import { getRoleSettings } from "@loupe/contract";
import { DEFAULT_ROLE_SETTINGS, type RoleSettings } from "@loupe/domain";
import { useQuery } from "@tanstack/react-query";
import { callEndpoint } from "../../lib/api-client";

export const ROLE_SETTINGS_KEY = ["settings", "roles"];

/**
 * The chain's role settings (ADR 0022), for screens that hide or explain a control a role may not
 * use, or ask for a manager before a refund. Until they arrive, the domain's defaults stand in; the
 * server decides in any case.
 */
export function useRoleSettings() {
  const query = useQuery({
    queryKey: ROLE_SETTINGS_KEY,
    queryFn: async () => (await callEndpoint(getRoleSettings)).data,
    staleTime: 60_000,
  });
  const settings: RoleSettings = (query.data?.settings as RoleSettings | undefined) ?? DEFAULT_ROLE_SETTINGS;
  return { ...query, settings };
}
