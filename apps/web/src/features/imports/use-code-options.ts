import { IMPORT_FIXED_CODES, type ImportCodeSet } from "@loupe/domain";
import { useRecallTypes } from "../recalls/api";
import { useOutlets, useStatuses } from "../reference/use-reference-data";

export interface CodeOption {
  code: string;
  label: string;
}

/**
 * What a value map may translate a file's codes into: the fixed sets of the domain, or the chain's
 * own reference data: an outlet by its abbreviation, a job status by its slug, a recall type by its id (as the
 * domain's row checks read them).
 */
export function useCodeOptions(codes: ImportCodeSet | undefined): {
  options: CodeOption[];
  loading: boolean;
} {
  const outlets = useOutlets();
  const statuses = useStatuses();
  const recallTypes = useRecallTypes();
  if (!codes) return { options: [], loading: false };
  const fixed = IMPORT_FIXED_CODES[codes];
  if (fixed) return { options: [...fixed], loading: false };
  if (codes === "outlet")
    return {
      options: (outlets.data ?? []).map((o) => ({
        code: o.abbreviation,
        label: `${o.name} (${o.abbreviation})`,
      })),
      loading: outlets.isLoading,
    };
  if (codes === "job_status")
    return {
      options: (statuses.data?.dispense ?? []).map((s) => ({ code: s.slug, label: s.display_name })),
      loading: statuses.isLoading,
    };
  return {
    options: (recallTypes.data ?? []).map((t) => ({ code: String(t.id), label: t.name })),
    loading: recallTypes.isLoading,
  };
}
