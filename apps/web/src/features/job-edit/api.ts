import {
  createAnonymousPrescription,
  createGuestPd,
  createItemSelection,
  createPd,
  getPd,
  getRegionProductLensType,
  listColours,
  listCustomerPds,
  listCustomerPrescriptions,
  listItemSelectionRevisions,
  listProductLensAddons,
  type PdWire,
  type PrescriptionWire,
  restoreItemSelectionRevision,
  saveItemSelection,
  updatePd,
} from "@loupe/contract";
import {
  CACHE_LIFETIME_MS,
  type ItemSelection,
  PD_HEIGHT_FIELDS,
  PD_WIDTH_FIELDS,
  type PrescriptionPurpose,
} from "@loupe/domain";
import { useQuery } from "@tanstack/react-query";
import { callEndpoint } from "../../lib/api-client";

// The job edit calls (jobs-area §7 "Job edit"). Keys live under "job-edit" so a save can refresh them.

export const jobEditKeys = {
  all: ["job-edit"] as const,
  lensOptions: (q: Record<string, unknown>) => ["job-edit", "lens-options", q] as const,
  lensType: (id: number) => ["job-edit", "lens-type", id] as const,
  colours: (type: string) => ["job-edit", "colours", type] as const,
  prescriptions: (customerId: number) => ["job-edit", "prescriptions", customerId] as const,
  pds: (customerId: number, q: Record<string, unknown>) => ["job-edit", "pds", customerId, q] as const,
  pd: (id: number, q: Record<string, unknown>) => ["job-edit", "pd", id, q] as const,
  revisions: (itemId: number) => ["job-edit", "revisions", itemId] as const,
};

/** GET /colors?type=Frame|Temple (data.data), cached a week like every colour list (§9). */
export const useColoursOfType = (type: "Frame" | "Temple") =>
  useQuery({
    queryKey: jobEditKeys.colours(type),
    staleTime: CACHE_LIFETIME_MS.colours,
    queryFn: async () => (await callEndpoint(listColours, { query: { type } })).data,
  });

export const useLensType = (regionProductId: number) =>
  useQuery({
    queryKey: jobEditKeys.lensType(regionProductId),
    queryFn: async () =>
      (await callEndpoint(getRegionProductLensType, { params: { id: regionProductId } })).data,
  });

export const useJobPrescriptions = (customerId: number | null) =>
  useQuery({
    queryKey: jobEditKeys.prescriptions(customerId ?? 0),
    enabled: customerId != null,
    queryFn: async () =>
      (
        await callEndpoint(listCustomerPrescriptions, {
          params: { id: customerId! },
          query: { with: "source,staff" },
        })
      ).data,
  });

/** The customer's PDs with their presenter for this lens type and purpose. */
export const useJobPds = (customerId: number | null, lensType: string | null, purpose: string) =>
  useQuery({
    queryKey: jobEditKeys.pds(customerId ?? 0, { lensType, purpose }),
    enabled: customerId != null,
    queryFn: async () =>
      (
        await callEndpoint(listCustomerPds, {
          params: { id: customerId! },
          query: { with: "source,staff", lens_type: lensType ?? undefined, purpose: purpose as never },
        })
      ).data,
  });

/** One PD (a guest's, or the one chosen) with its presenter. */
export const useJobPd = (pdId: number | null, lensType: string | null, purpose: string) =>
  useQuery({
    queryKey: jobEditKeys.pd(pdId ?? 0, { lensType, purpose }),
    enabled: pdId != null,
    queryFn: async () =>
      (
        await callEndpoint(getPd, {
          params: { id: pdId! },
          query: { lens_type: lensType ?? undefined, purpose: purpose as never },
        })
      ).data,
  });

export interface LensOptionsQuery {
  region_product_id: number;
  prescription_id?: number | null;
  prescription_type?: PrescriptionPurpose | null;
  pd_id?: number | null;
  frame_size?: string | null;
}
export const useLensOptions = (q: LensOptionsQuery, enabled: boolean) =>
  useQuery({
    queryKey: jobEditKeys.lensOptions(q as unknown as Record<string, unknown>),
    enabled,
    queryFn: async () => callEndpoint(listProductLensAddons, { query: q as never }),
  });

export const useSelectionRevisions = (itemId: number) =>
  useQuery({
    queryKey: jobEditKeys.revisions(itemId),
    queryFn: async () => (await callEndpoint(listItemSelectionRevisions, { params: { id: itemId } })).data,
  });

export const saveSelection = (itemId: number, selection: ItemSelection, first: boolean) =>
  callEndpoint(first ? createItemSelection : saveItemSelection, {
    params: { id: itemId },
    body: selection,
  });

export const restoreRevision = (itemId: number, revision: number, current: number) =>
  callEndpoint(restoreItemSelectionRevision, {
    params: { id: itemId, revision },
    body: { revision: current },
  });

/** The Frame and PD Height Update: the same PD with recalculated heights, as its next version. */
export const updatePdHeights = (pd: PdWire, changes: Record<string, unknown>) =>
  callEndpoint(updatePd, {
    params: { id: pd.id },
    body: { ...pdBody(pd), ...changes, version: pd.version } as never,
  });

/** Shape Height Conversion: a new PD with the converted heights (the old one stays as measured). */
export const createConvertedPd = (pd: PdWire, changes: Record<string, unknown>) =>
  pd.customer_id == null
    ? callEndpoint(createGuestPd, {
        body: { ...pdBody(pd), ...changes, lens_type: pd.lens_type_id ?? 3 } as never,
      })
    : callEndpoint(createPd, {
        body: { ...pdBody(pd), ...changes, customer_user_id: pd.customer_id } as never,
      });

// A PD's measurements (the domain's one list) and the fields the PD form sends back with them.
const PD_KEYS = [
  ...PD_WIDTH_FIELDS,
  ...PD_HEIGHT_FIELDS,
  "frame_size",
  "arm_size",
  "glass_shape_type",
  "note",
  "source_id",
  "outlet_id",
] as const;
export const pdBody = (pd: PdWire) => Object.fromEntries(PD_KEYS.map((k) => [k, pd[k]]));

export const createGuestPrescription = (body: Record<string, unknown>) =>
  callEndpoint(createAnonymousPrescription, { body: body as never });
export const createGuestPdRecord = (body: Record<string, unknown>) =>
  callEndpoint(createGuestPd, { body: body as never });

export type { PdWire, PrescriptionWire };
