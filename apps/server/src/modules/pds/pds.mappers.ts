import type { PdWire } from "@loupe/contract";
import { isComplexPd, PD_HEIGHT_FIELDS, PD_WIDTH_FIELDS, type PdPurpose, presentPd } from "@loupe/domain";
import type { pds } from "./pds.tables";

export type PdRow = typeof pds.$inferSelect;
export interface PresenterOptions {
  purpose?: PdPurpose;
  lensType?: string;
}
const camel = (s: string) => s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
export const PD_MEASURES = [...PD_WIDTH_FIELDS, ...PD_HEIGHT_FIELDS];
export const pdColumnName = camel;
/** Each measure with its row property, worked out once (the bulk seeder maps millions of PDs). */
const MEASURE_COLUMNS = PD_MEASURES.map((f) => [f, camel(f)] as const);

/** A PD row as the API sends it; pure, so the seeders snapshot exactly what a save would. */
export function toPdWire(
  r: PdRow,
  source: { id: number; name: string; slug: string },
  staff: { id: number; full_name: string } | null,
  options: PresenterOptions = {},
): PdWire {
  const measures = Object.fromEntries(MEASURE_COLUMNS.map(([f, c]) => [f, (r as any)[c] as number | null]));
  return {
    id: r.id,
    customer_id: r.customerId,
    lens_type_id: r.lensTypeId,
    ...measures,
    frame_size: r.frameSize,
    arm_size: r.armSize,
    glass_shape_type: r.glassShapeType,
    note: r.note,
    source_id: r.sourceId,
    source: { data: { id: source.id, name: source.name, slug: source.slug } },
    outlet_id: r.outletId,
    staff_user_id: r.staffUserId,
    staff: r.staffUserId && staff ? { data: staff } : null,
    is_complex: isComplexPd(measures),
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
    version: r.version,
    pdPresenter: presentPd(measures, { purpose: options.purpose, lensType: options.lensType }),
  } as PdWire;
}
