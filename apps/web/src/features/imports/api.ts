import {
  createImportPreset,
  dryRunImport,
  finalImport,
  getImport,
  getImportReconciliation,
  type ImportBatchWire,
  type ImportMappingBody,
  type ImportPresetBody,
  importColumnValues,
  listImportPresets,
  listImportRejects,
  listImports,
  mapImport,
  pauseImport,
  previewImport,
  resumeImport,
  runImport,
  undoImport,
  updateImportPreset,
  uploadImport,
} from "@loupe/contract";
import type { ImportKind, ImportSourceSystem, ImportState } from "@loupe/domain";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callEndpoint } from "../../lib/api-client";

export const importKeys = {
  all: ["imports"] as const,
  list: (page: number, kind?: string) => ["imports", "list", page, kind ?? "all"] as const,
  one: (id: number) => ["imports", "one", id] as const,
  preview: (id: number) => ["imports", id, "preview"] as const,
  values: (id: number, column: string) => ["imports", id, "values", column] as const,
  rejects: (id: number, page: number) => ["imports", id, "rejects", page] as const,
  reconciliation: (id: number) => ["imports", id, "reconciliation"] as const,
  presets: (kind?: string, source?: string) => ["import-presets", kind ?? "all", source ?? "all"] as const,
};

/** The states in which the server works in the background: the screen looks again every 1.5 s. */
export const BUSY_STATES: readonly ImportState[] = ["checking", "running", "undoing"];
const POLL_MS = 1_500;

export function useImportList(page: number, kind?: ImportKind) {
  return useQuery({
    queryKey: importKeys.list(page, kind),
    queryFn: () => callEndpoint(listImports, { query: { page, per_page: 25, kind } }),
    placeholderData: keepPreviousData,
    // A batch being checked or run elsewhere moves on by itself.
    refetchInterval: (q) => (q.state.data?.data.some((b) => BUSY_STATES.includes(b.state)) ? POLL_MS : false),
  });
}

/** One batch, polled while the server checks, runs or undoes it. */
export function useImportBatch(id: number) {
  return useQuery({
    queryKey: importKeys.one(id),
    queryFn: async () => (await callEndpoint(getImport, { params: { id } })).data,
    refetchInterval: (q) => (q.state.data && BUSY_STATES.includes(q.state.data.state) ? POLL_MS : false),
  });
}

export function useImportPreview(id: number, enabled: boolean) {
  return useQuery({
    queryKey: importKeys.preview(id),
    enabled,
    queryFn: async () => (await callEndpoint(previewImport, { params: { id }, query: { rows: 10 } })).data,
  });
}

export function useColumnValues(id: number, column: string | null) {
  return useQuery({
    queryKey: importKeys.values(id, column ?? ""),
    enabled: column !== null,
    queryFn: async () =>
      (await callEndpoint(importColumnValues, { params: { id }, query: { column: column ?? "" } })).data,
  });
}

export function useImportRejects(id: number, page: number, enabled = true) {
  return useQuery({
    queryKey: importKeys.rejects(id, page),
    enabled,
    placeholderData: keepPreviousData,
    queryFn: () => callEndpoint(listImportRejects, { params: { id }, query: { page, per_page: 50 } }),
  });
}

export function useImportReconciliation(id: number, enabled = true) {
  return useQuery({
    queryKey: importKeys.reconciliation(id),
    enabled,
    queryFn: async () => (await callEndpoint(getImportReconciliation, { params: { id } })).data,
  });
}

export function useImportPresets(kind: ImportKind | null, source: ImportSourceSystem | null) {
  return useQuery({
    queryKey: importKeys.presets(kind ?? undefined, source ?? undefined),
    enabled: kind !== null && source !== null,
    queryFn: async () =>
      (
        await callEndpoint(listImportPresets, {
          query: { kind: kind ?? undefined, source_system: source ?? undefined },
        })
      ).data,
  });
}

/** Every answer that carries the batch puts it in the cache at once (no extra read). */
function useBatchWrite<V>(call: (v: V) => Promise<{ data: ImportBatchWire }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (v: V) => (await call(v)).data,
    onSuccess: (batch) => {
      queryClient.setQueryData(importKeys.one(batch.id), batch);
      void queryClient.invalidateQueries({ queryKey: ["imports", batch.id] });
      void queryClient.invalidateQueries({ queryKey: ["imports", "list"] });
    },
  });
}

export const useUploadImport = () =>
  useBatchWrite((form: FormData) => callEndpoint(uploadImport, { body: form }));

export const useMapImport = () =>
  useBatchWrite(({ id, body }: { id: number; body: ImportMappingBody }) =>
    callEndpoint(mapImport, { params: { id }, body }),
  );

const STEP_CALLS = {
  "dry-run": dryRunImport,
  run: runImport,
  pause: pauseImport,
  resume: resumeImport,
  undo: undoImport,
  final: finalImport,
} as const;
export type ImportStep = keyof typeof STEP_CALLS;

/** Dry run, run, pause, resume, undo, mark final: each sends the batch's version and answers the batch. */
export const useImportStep = () =>
  useBatchWrite(({ id, version, step }: { id: number; version: number; step: ImportStep }) =>
    callEndpoint(STEP_CALLS[step], { params: { id }, body: { version } }),
  );

export function useSavePreset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, version, body }: { id?: number; version?: number; body: ImportPresetBody }) =>
      id
        ? (await callEndpoint(updateImportPreset, { params: { id }, body: { ...body, version } })).data
        : (await callEndpoint(createImportPreset, { body })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["import-presets"] }),
  });
}
