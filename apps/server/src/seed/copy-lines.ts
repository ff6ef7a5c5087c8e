import { PD_MEASURES, pdColumnName } from "../modules/pds/pds.mappers";
import type { OrderEyes } from "./selection-generator";

// COPY text lines for the bulk seeders: one place that knows the escaping and the column order
// of the prescription and PD rows both seeders stream.

/** A COPY text value: \N for null, backslashes doubled, tabs and newlines (never meaningful here) as spaces. */
export const copyValue = (v: unknown) =>
  v === null || v === undefined
    ? "\\N"
    : String(v).replace(/\\/g, "\\\\").replace(/\t/g, " ").replace(/\n/g, " ");
export const copyLine = (values: unknown[]) => `${values.map(copyValue).join("\t")}\n`;

export const PRESCRIPTION_COPY_COLUMNS =
  "id, customer_id, type_id, category, add_type, right_sph, right_cyl, right_axis, left_sph, left_cyl, left_axis, spectacles, contact_lens, source_id, outlet_id, staff_user_id, expiry_date, created_at, updated_at, updated_by";
export const prescriptionCopyLine = (rx: NonNullable<OrderEyes["spectacles"]>) =>
  copyLine([
    rx.id,
    rx.customerId,
    rx.typeId,
    rx.category,
    rx.addType,
    rx.rightSph,
    rx.rightCyl,
    rx.rightAxis,
    rx.leftSph,
    rx.leftCyl,
    rx.leftAxis,
    rx.spectacles && JSON.stringify(rx.spectacles),
    rx.contactLens && JSON.stringify(rx.contactLens),
    rx.sourceId,
    rx.outletId,
    rx.staffUserId,
    rx.expiryDate,
    rx.createdAt.toISOString(),
    rx.updatedAt.toISOString(),
    rx.updatedBy,
  ]);

export const PD_COPY_COLUMNS = `id, customer_id, lens_type_id, ${PD_MEASURES.join(", ")}, frame_size, arm_size, glass_shape_type, source_id, outlet_id, staff_user_id, created_at, updated_at, updated_by`;
export const pdCopyLine = (pd: NonNullable<OrderEyes["pd"]>) => {
  const measures = pd as unknown as Record<string, number | null>;
  return copyLine([
    pd.id,
    pd.customerId,
    pd.lensTypeId,
    ...PD_MEASURES.map((f) => measures[pdColumnName(f)]),
    pd.frameSize,
    pd.armSize,
    pd.glassShapeType,
    pd.sourceId,
    pd.outletId,
    pd.staffUserId,
    pd.createdAt.toISOString(),
    pd.updatedAt.toISOString(),
    pd.updatedBy,
  ]);
};
