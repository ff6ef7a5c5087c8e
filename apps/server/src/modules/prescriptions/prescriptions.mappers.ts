import type { PrescriptionWire } from "@loupe/contract";
import {
  categoryLabel,
  expiryDisplay,
  isCodeGeneratedSource,
  isFileOnlyPrescription,
  prismString,
  type RxPowers,
  standardisedDisplay,
} from "@loupe/domain";
import { type FileRow, toFileWire } from "../files";
import type { prescriptions } from "./prescriptions.tables";

export type PrescriptionRow = typeof prescriptions.$inferSelect;
export interface RxSource {
  id: number;
  name: string;
  slug: string;
  origin: string | null;
}

export function toPrescriptionWire(
  r: PrescriptionRow,
  source: RxSource,
  staff: { id: number; full_name: string } | null,
  fileRows: FileRow[],
): PrescriptionWire {
  const powers = {
    right_sph: r.rightSph,
    right_cyl: r.rightCyl,
    right_axis: r.rightAxis,
    left_sph: r.leftSph,
    left_cyl: r.leftCyl,
    left_axis: r.leftAxis,
    spectacles: (r.spectacles ?? null) as RxPowers["spectacles"],
    contact_lens: (r.contactLens ?? null) as RxPowers["contact_lens"],
  };
  const fileOnly = isFileOnlyPrescription({ ...powers, files: fileRows });
  return {
    id: r.id,
    customer_id: r.customerId,
    type_id: r.typeId,
    category: r.category,
    category_display: categoryLabel(r.category),
    add_type: r.addType,
    ...powers,
    spectacles: r.spectacles ?? null,
    contact_lens: r.contactLens ?? null,
    source_id: r.sourceId,
    source: { data: { id: source.id, name: source.name, slug: source.slug } },
    origin: source.origin,
    outlet_id: r.outletId,
    staff_user_id: r.staffUserId,
    staff: staff ? { data: staff } : null,
    note: r.note,
    printed_note: r.printedNote,
    expiry_date_stamp: expiryDisplay(r.expiryDate),
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
    version: r.version,
    files: fileRows.map(toFileWire),
    prism_string: prismString(powers),
    standardised_prescription_display_array: standardisedDisplay(powers),
    is_file_only: fileOnly,
    can_edit: !isCodeGeneratedSource(source.slug),
    error: fileOnly ? "Please edit prescription" : null,
  };
}
