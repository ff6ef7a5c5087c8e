import { PD_HEIGHT_FIELDS, PD_WIDTH_FIELDS } from "@loupe/domain";
import type { z } from "zod";

/**
 * Field names that carry health data in an answer (ADR 0013, issue 25): prescription values,
 * PD measurements, contact-lens data and file content or locations. A response schema that can
 * hold any of them, at any depth, answers health data; every such endpoint must be in the access log.
 */
export const HEALTH_FIELDS: Record<string, "prescription" | "pd" | "contact_lens" | "file"> = {
  right_sph: "prescription",
  left_sph: "prescription",
  right_cyl: "prescription",
  left_cyl: "prescription",
  right_axis: "prescription",
  left_axis: "prescription",
  spectacles: "prescription",
  prism_string: "prescription",
  standardised_prescription_display_array: "prescription",
  prescription: "prescription",
  contact_lens: "contact_lens",
  pd: "pd",
  pdPresenter: "pd",
  ...Object.fromEntries([...PD_WIDTH_FIELDS, ...PD_HEIGHT_FIELDS].map((f) => [f, "pd" as const])),
  full_path: "file",
  full_thumbnail_path: "file",
};

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  valueType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  getter?: () => z.ZodType;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
}

const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/**
 * The paths in a schema at which health data can appear (`data.items[].prescription`), found by
 * walking every object, array, union, record, pipe and wrapper. Empty when it carries none.
 */
export function healthDataPaths(schema: z.ZodType | undefined): string[] {
  const found: string[] = [];
  const seen = new Set<z.ZodType>();
  const walk = (s: z.ZodType | undefined, at: string) => {
    if (!s || seen.has(s)) return;
    seen.add(s);
    const d = defOf(s);
    switch (d.type) {
      case "object":
        for (const [key, value] of Object.entries(d.shape ?? {})) {
          const here = at ? `${at}.${key}` : key;
          if (key in HEALTH_FIELDS) found.push(`${here} (${HEALTH_FIELDS[key]})`);
          walk(value, here);
        }
        return;
      case "array":
        return walk(d.element, `${at}[]`);
      case "tuple":
        for (const item of d.items ?? []) walk(item, `${at}[]`);
        return walk(d.rest ?? undefined, `${at}[]`);
      case "union":
        for (const o of d.options ?? []) walk(o, at);
        return;
      case "intersection":
        walk(d.left, at);
        return walk(d.right, at);
      case "record":
        return walk(d.valueType, `${at}{}`);
      case "pipe":
        walk(d.in, at);
        return walk(d.out, at);
      case "lazy":
        return walk(d.getter?.(), at);
      default:
        if (d.innerType) walk(d.innerType, at);
    }
  };
  walk(schema, "");
  return found;
}
