// A file row read through the batch's mapping (issue 46): each field of the kind from its column,
// trimmed; codes through the value map (or, without one, matched to Loupe's own codes); dates in
// the named format; numbers and yes/no. A cell that cannot be read is an error naming the field,
// the column and the cell as written; the kind's own checks then see that field as empty.

import {
  IMPORT_FIELDS,
  IMPORT_FIXED_CODES,
  IMPORT_MESSAGES,
  type ImportDateFormat,
  type ImportField,
  type ImportKind,
  parseImportBoolean,
  parseImportDate,
  parseImportNumber,
} from "@loupe/domain";
import type { ImportCellError, ImportOutlet, ImportRowInput, ImportValues } from "./import-kind";

export interface RowMapper {
  fields: readonly ImportField[];
  /** The field whose value names the row's parent (customer_source_id / job_source_id), if any. */
  parentField: ImportField | null;
  map(line: number, cells: string[]): MappedRow;
}

export interface MappedRow {
  line: number;
  sourceId: string | null;
  parentSourceId: string | null;
  values: ImportValues;
  errors: ImportCellError[];
  input: Omit<ImportRowInput, "parentId">;
}

export interface MapperSettings {
  kind: ImportKind;
  columns: string[];
  mapping: Record<string, string>;
  valueMaps: Record<string, Record<string, string>>;
  dateFormat: ImportDateFormat;
  outlets: readonly ImportOutlet[];
  today?: Date;
}

/** Loupe's codes for a code set, keyed by their lower-case code and label, where the engine knows them. */
function knownCodes(field: ImportField, outlets: readonly ImportOutlet[]): Map<string, string> | null {
  if (!field.codes) return null;
  const out = new Map<string, string>();
  if (field.codes === "outlet") {
    for (const o of outlets) {
      out.set(o.abbreviation.toLowerCase(), o.abbreviation);
      out.set(o.name.toLowerCase(), o.abbreviation);
    }
    return out;
  }
  const fixed = IMPORT_FIXED_CODES[field.codes];
  if (!fixed) return null; // reference data the kind checks itself (job statuses, recall types)
  for (const c of fixed) {
    out.set(c.code.toLowerCase(), c.code);
    out.set(c.label.toLowerCase(), c.code);
  }
  return out;
}

export function rowMapper(s: MapperSettings): RowMapper {
  const fields = IMPORT_FIELDS[s.kind];
  const index = new Map(s.columns.map((c, i) => [c, i]));
  const today = s.today ?? new Date();
  const plan = fields.map((field) => {
    const column = s.mapping[field.key] ?? null;
    const at = column === null ? undefined : index.get(column);
    const valueMap = s.valueMaps[field.key];
    const map = valueMap && Object.keys(valueMap).length ? valueMap : null;
    const lowerMap = map ? new Map(Object.entries(map).map(([k, v]) => [k.trim().toLowerCase(), v])) : null;
    const codes = knownCodes(field, s.outlets);
    const codeSet = codes ? new Set(codes.values()) : null;
    const codeList = codeSet ? [...codeSet].slice(0, 20).join(", ") : "";
    return { field, column: at === undefined ? null : column, at, map, lowerMap, codes, codeSet, codeList };
  });
  const parentField = fields.find((f) => f.key === "customer_source_id" || f.key === "job_source_id") ?? null;

  return {
    fields,
    parentField,
    map(line, cells) {
      const values: ImportValues = {};
      const raw: Record<string, string | null> = {};
      const columnOf: Record<string, string | null> = {};
      const errors: ImportCellError[] = [];
      for (const p of plan) {
        const { field, column } = p;
        columnOf[field.key] = column;
        const cell = p.at === undefined ? null : (cells[p.at] ?? "");
        raw[field.key] = cell;
        const v = cell?.trim() ?? "";
        values[field.key] = null;
        if (!v) {
          if (field.required)
            errors.push({
              field: field.key,
              column,
              value: cell,
              reason: IMPORT_MESSAGES.required(field.label),
            });
          continue;
        }
        const fail = (reason: string) => errors.push({ field: field.key, column, value: cell, reason });
        switch (field.type) {
          case "text":
            values[field.key] = v;
            break;
          case "date": {
            const d = parseImportDate(v, s.dateFormat, today);
            if (d.ok) values[field.key] = d.value;
            else fail(d.reason);
            break;
          }
          case "number": {
            const n = parseImportNumber(v);
            if (n.ok) values[field.key] = n.value;
            else fail(n.reason);
            break;
          }
          case "boolean": {
            const b = parseImportBoolean(v);
            if (b.ok) values[field.key] = b.value;
            else fail(b.reason);
            break;
          }
          case "code": {
            let code: string | undefined;
            if (p.map) code = p.map[v] ?? p.lowerMap?.get(v.toLowerCase());
            else if (p.codes) code = p.codes.get(v.toLowerCase());
            else code = v; // reference codes the kind checks
            if (code === undefined) {
              if (p.map) fail(IMPORT_MESSAGES.notInValueMap(field.label));
              else fail(IMPORT_MESSAGES.unknownCode(field.label, p.codeList));
            } else if (p.map && p.codeSet && !p.codeSet.has(code)) {
              // A value map pointing at a code Loupe does not have (an outlet since closed).
              fail(IMPORT_MESSAGES.unknownCode(field.label, p.codeList));
            } else values[field.key] = code;
            break;
          }
        }
      }
      const sourceId = typeof values.source_id === "string" ? values.source_id : null;
      const parentSourceId =
        parentField && typeof values[parentField.key] === "string"
          ? (values[parentField.key] as string)
          : null;
      return {
        line,
        sourceId,
        parentSourceId,
        values,
        errors,
        input: {
          line,
          values,
          columnOf: (f) => columnOf[f] ?? null,
          rawOf: (f) => raw[f] ?? null,
        },
      };
    },
  };
}

/** Required fields the mapping does not name, by label (a dry run is refused until they are mapped). */
export function unmappedRequired(kind: ImportKind, mapping: Record<string, string>): string[] {
  return IMPORT_FIELDS[kind].filter((f) => f.required && !mapping[f.key]).map((f) => f.label);
}
