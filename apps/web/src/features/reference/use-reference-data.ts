import {
  type AddressOf,
  type Endpoint,
  getMeAddress,
  listColoursAddress,
  listDispenseStatusesAddress,
  listItemStatusesAddress,
  listOutletsAddress,
  listPaymentStatusesAddress,
  listPdSourcesAddress,
  listPrescriptionSourcesAddress,
  listPrescriptionTypesAddress,
  listRefundReasonsAddress,
  listRegionsAddress,
  listStaffAddress,
  listSuppliersAddress,
  type ResponseOf,
} from "@loupe/contract";
import {
  CACHE_LIFETIME_MS,
  type CachedList,
  CYLINDER_CHOICES,
  DEFAULT_OUTLET_NAME,
  SPHERE_CHOICES,
} from "@loupe/domain";
import { useQuery } from "@tanstack/react-query";
import { callEndpoint } from "../../lib/api-client";
import { cachedAt, readCached, writeCached } from "../../lib/cache";
import { readSession, updateSessionUser } from "../../lib/session";

type DataOf<E extends Endpoint> = ResponseOf<E> extends { data: infer D } ? D : never;

/** A reference list served from the browser cache while fresh, refetched past its lifetime. */
function useCachedList<T>(name: CachedList, key: string, load: () => Promise<T>) {
  return useQuery({
    queryKey: ["reference", key],
    queryFn: async () => {
      const value = await load();
      writeCached(name, value);
      return value;
    },
    initialData: () => readCached<T>(name),
    initialDataUpdatedAt: () => cachedAt(name),
    staleTime: CACHE_LIFETIME_MS[name],
  });
}

const dataOf =
  <E extends Endpoint>(endpoint: AddressOf<E>, query?: Record<string, string>) =>
  async () =>
    ((await callEndpoint(endpoint, { query })) as { data: DataOf<E> }).data;

export const useRegions = () => useCachedList("regions", "regions", dataOf(listRegionsAddress));
export const useOutlets = () =>
  useCachedList("outlets", "outlets", dataOf(listOutletsAddress, { with: "address" }));
export const usePdSources = () => useCachedList("pdSources", "pdSources", dataOf(listPdSourcesAddress));
export const usePrescriptionTypes = () =>
  useCachedList("prescriptionTypes", "prescriptionTypes", dataOf(listPrescriptionTypesAddress));
export const usePrescriptionSources = () =>
  useCachedList(
    "prescriptionSources",
    "prescriptionSources",
    dataOf(listPrescriptionSourcesAddress, { type: "external" }),
  );
export const useColours = () => useCachedList("colours", "colours", dataOf(listColoursAddress));
export const useLensSuppliers = () =>
  useCachedList("lensSuppliers", "lensSuppliers", dataOf(listSuppliersAddress));
export const useRefundReasons = () =>
  useCachedList("refundReasons", "refundReasons", dataOf(listRefundReasonsAddress));
export const useStaffs = () =>
  useCachedList("staffs", "staffs", dataOf(listStaffAddress, { staff: "true", limit: "100" }));

/** Dispense, item and payment statuses: one cache entry, one week. */
export const useStatuses = () =>
  useCachedList("statuses", "statuses", async () => {
    const [dispense, item, payment] = await Promise.all([
      dataOf(listDispenseStatusesAddress)(),
      dataOf(listItemStatusesAddress)(),
      dataOf(listPaymentStatusesAddress)(),
    ]);
    return { dispense, item, payment };
  });

/** The signed-in user; the session copy shows at once, GET /me refreshes it. */
export const useCurrentUser = () =>
  useQuery({
    queryKey: ["me"],
    queryFn: async () => {
      // The saved user wins over the session copy (the outlet may have changed on another device).
      const me = (await callEndpoint(getMeAddress)).data;
      updateSessionUser(me);
      return me;
    },
    initialData: () => readSession()?.user,
    initialDataUpdatedAt: 0,
    staleTime: CACHE_LIFETIME_MS.me,
  });

/** The signed-in user's outlet; a user with none works at Newtown (spec §6). */
export function useCurrentOutlet() {
  const { data: user } = useCurrentUser();
  const { data: outlets } = useOutlets();
  if (!user) return undefined;
  return (
    user.outlet ??
    outlets?.find((o) => o.id === user.outlet_id) ??
    outlets?.find((o) => o.name === DEFAULT_OUTLET_NAME)
  );
}

/**
 * Every reference list at once, for screens that need several (a job edit, a filter panel).
 * Lists not loaded yet are empty arrays; the shell has already waited for the main ones.
 * @example const { outlets, statuses, sphereChoices } = useReferenceData();
 */
export function useReferenceData() {
  const outlets = useOutlets().data ?? [];
  const regions = useRegions().data ?? [];
  const statuses = useStatuses().data ?? { dispense: [], item: [], payment: [] };
  const pdSources = usePdSources().data ?? [];
  const prescriptionTypes = usePrescriptionTypes().data ?? [];
  const prescriptionSources = usePrescriptionSources().data ?? [];
  return {
    user: useCurrentUser().data,
    outlets,
    regions,
    statuses,
    pdSources,
    prescriptionTypes,
    prescriptionSources,
    // Fixed by the spec rather than served: they come from the shared rules.
    sphereChoices: SPHERE_CHOICES,
    cylinderChoices: CYLINDER_CHOICES,
  };
}

/** The lists the shell waits for before showing the app (spec §2: a spinner until the main ones are in). */
export function useEssentialReferenceData() {
  const queries = [
    useOutlets(),
    useCurrentUser(),
    useRegions(),
    useStatuses(),
    usePdSources(),
    usePrescriptionTypes(),
    usePrescriptionSources(),
  ];
  return {
    ready: queries.every((q) => q.data !== undefined),
    error: queries.find((q) => q.error)?.error ?? null,
  };
}
