import {
  CODE_GENERATED_LOCKED,
  isCodeGeneratedSource,
  type PrescriptionValues,
  prescriptionSchema,
} from "@loupe/domain";
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { type Editor, matchVersion, nextVersion, readVersion } from "../../platform/db/versioning";
import { AppError, notFound, validationError } from "../../platform/http/app-error";
import { parseOrThrow } from "../../platform/http/validate";
import type { Slots } from "../../platform/slots";
import type { OutboxService } from "../outbox";
import { sourceLists } from "../reference";
import type { StaffRow } from "../staff";
import { staffNamesByIds, staleOrMissing } from "../staff";
import { type PrescriptionRow, toPrescriptionWire } from "./prescriptions.mappers";
import {
  customerById,
  customerIdOf,
  fileIdsOf,
  filesOfPrescriptions,
  prescriptionSourceById,
  prescriptionWithWriterAndFiles,
} from "./prescriptions.queries";
import { tellPrescriptionSaved } from "./prescriptions.slots";
import { prescriptionFiles, prescriptions } from "./prescriptions.tables";

export function createPrescriptionsService({
  db,
  outbox,
  slots,
}: {
  db: Db;
  outbox: OutboxService;
  /** The app's slots: a saved prescription tells recalls (issue 28). */
  slots?: Slots;
}) {
  /** Sources from the process's copy (reference-cache.ts), read again once if one is missing. */
  async function sourcesFor(rows: PrescriptionRow[]) {
    const { prescriptionSources: known } = await sourceLists(db);
    if (rows.every((r) => known.has(r.sourceId))) return known;
    return (await sourceLists(db, true)).prescriptionSources;
  }

  async function toWire(rows: PrescriptionRow[]) {
    if (!rows.length) return [];
    const ids = rows.map((r) => r.id);
    const staffIds = rows.flatMap((r) => (r.staffUserId ? [r.staffUserId] : []));
    const [sourceById, names, links] = await Promise.all([
      sourcesFor(rows),
      staffNamesByIds(db, staffIds),
      filesOfPrescriptions(db, ids),
    ]);
    const writer = (id: number | null) => {
      const name = id == null ? undefined : names.get(id);
      return name === undefined ? null : { id: id!, full_name: name };
    };
    return rows.map((r) =>
      toPrescriptionWire(
        r,
        sourceById.get(r.sourceId)!,
        writer(r.staffUserId),
        links.filter((l) => l.rxId === r.id).map((l) => l.file),
      ),
    );
  }

  /** One prescription as the API sends it: the same answer as `toWire([row])`, in one statement. */
  async function readOne(id: number) {
    const rows = await prescriptionWithWriterAndFiles(db, { id });
    if (!rows.length) throw notFound("Prescription");
    const { rx, writerFirst, writerLast } = rows[0];
    const sourceById = await sourcesFor([rx]);
    // As staffNamesByIds names them; a writer whose row is gone is no writer.
    const writer =
      rx.staffUserId != null && writerFirst != null
        ? { id: rx.staffUserId, full_name: `${writerFirst} ${writerLast}`.trim() }
        : null;
    const fileRows = rows.flatMap((r) => (r.file ? [r.file] : []));
    return toPrescriptionWire(rx, sourceById.get(rx.sourceId)!, writer, fileRows);
  }

  async function load(id: number) {
    const [row] = await db.select().from(prescriptions).where(eq(prescriptions.id, id));
    if (!row) throw notFound("Prescription");
    return row;
  }

  async function sourceOf(sourceId: number) {
    const [s] = await prescriptionSourceById(db, sourceId);
    if (!s) throw validationError({ source_id: ["The selected source is invalid."] });
    return s;
  }

  /** Code-generated prescriptions are read-only (spec §6). */
  async function assertEditable(row: PrescriptionRow) {
    const source = await sourceOf(row.sourceId);
    if (isCodeGeneratedSource(source.slug)) throw new AppError("forbidden", CODE_GENERATED_LOCKED);
  }

  const columns = (v: PrescriptionValues) => ({
    typeId: v.type_id,
    category: v.category ?? null,
    addType: v.add_type ?? null,
    rightSph: v.right_sph,
    rightCyl: v.right_cyl,
    rightAxis: v.right_axis,
    leftSph: v.left_sph,
    leftCyl: v.left_cyl,
    leftAxis: v.left_axis,
    spectacles: v.type_id === 1 ? (v.spectacles ?? null) : null,
    contactLens: v.type_id === 2 ? (v.contact_lens ?? null) : null,
    sourceId: v.source_id,
    outletId: v.outlet_id ?? null,
    note: v.note ?? null,
    printedNote: v.printed_note ?? null,
    expiryDate: v.expiry_date ?? null,
  });

  async function linkFiles(tx: Db, rxId: number, fileIds: number[]) {
    if (!fileIds.length) return;
    const found = await fileIdsOf(tx, fileIds);
    if (found.length !== new Set(fileIds).size)
      throw validationError({ files: ["One of the files does not exist."] });
    await tx
      .insert(prescriptionFiles)
      .values([...new Set(fileIds)].map((fileId) => ({ prescriptionId: rxId, fileId })))
      .onConflictDoNothing();
  }

  async function create(staff: StaffRow, customerId: number | null, input: unknown) {
    const v = parseOrThrow(prescriptionSchema, input);
    const source = await sourceOf(v.source_id);
    // Staff cannot create what only the system may: code-generated prescriptions come from the online test.
    if (isCodeGeneratedSource(source.slug))
      throw validationError({ source_id: ["The selected source is invalid."] });
    if (customerId != null) {
      const [c] = await customerIdOf(db, customerId);
      if (!c) throw notFound("Customer");
    }
    const row = await db.transaction(async (tx) => {
      const [rx] = await tx
        .insert(prescriptions)
        .values({
          ...columns(v),
          customerId,
          staffUserId: staff.id,
          updatedBy: staff.id,
          outletId: v.outlet_id ?? staff.outletId,
        })
        .returning();
      await linkFiles(tx as unknown as Db, rx.id, v.files ?? []);
      await tellPrescriptionSaved(slots, tx as unknown as Db, customerId);
      return rx;
    });
    return (await toWire([row]))[0];
  }

  const stale = (editor: Editor, id: number, expected: number | undefined) =>
    staleOrMissing(db, prescriptions, {
      id,
      expected,
      record: "prescription",
      editor,
      missing: () => notFound("Prescription"),
    });

  return {
    create,
    async listForCustomer(customerId: number) {
      const rows = await db
        .select()
        .from(prescriptions)
        .where(eq(prescriptions.customerId, customerId))
        .orderBy(desc(prescriptions.createdAt), desc(prescriptions.id));
      return toWire(rows);
    },
    async get(id: number) {
      return readOne(id);
    },
    /** Edits from a stale read (an older `version`) are refused with a 409, never applied. */
    async update(editor: Editor, id: number, input: unknown) {
      const current = await load(id);
      await assertEditable(current);
      const expected = readVersion((input as { version?: unknown } | null)?.version);
      const v = parseOrThrow(prescriptionSchema, input);
      const source = await sourceOf(v.source_id);
      if (isCodeGeneratedSource(source.slug))
        throw validationError({ source_id: ["The selected source is invalid."] });
      const row = await db.transaction(async (tx) => {
        const [rx] = await tx
          .update(prescriptions)
          .set({ ...columns(v), ...nextVersion(prescriptions, editor) })
          .where(matchVersion(prescriptions, id, expected))
          .returning();
        if (rx && v.files) await linkFiles(tx as unknown as Db, id, v.files);
        if (rx) await tellPrescriptionSaved(slots, tx as unknown as Db, rx.customerId);
        return rx;
      });
      if (!row) throw await stale(editor, id, expected);
      return (await toWire([row]))[0];
    },
    async remove(editor: Editor, id: number, expected?: number) {
      await assertEditable(await load(id));
      const removed = await db.transaction(async (tx) => {
        const rows = await tx
          .delete(prescriptions)
          .where(matchVersion(prescriptions, id, expected))
          .returning({ id: prescriptions.id, customerId: prescriptions.customerId });
        if (rows[0]) await tellPrescriptionSaved(slots, tx as unknown as Db, rows[0].customerId);
        return rows;
      });
      if (!removed.length) throw await stale(editor, id, expected);
    },
    async attachFiles(customerId: number, id: number, fileIds: number[]) {
      const row = await load(id);
      if (row.customerId !== customerId) throw notFound("Prescription");
      await assertEditable(row);
      await db.transaction((tx) => linkFiles(tx as unknown as Db, id, fileIds));
      return (await toWire([row]))[0];
    },
    async detachFile(customerId: number, id: number, fileId: number) {
      const row = await load(id);
      if (row.customerId !== customerId) throw notFound("Prescription");
      await assertEditable(row);
      const removed = await db
        .delete(prescriptionFiles)
        .where(and(eq(prescriptionFiles.prescriptionId, id), eq(prescriptionFiles.fileId, fileId)))
        .returning();
      if (!removed.length) throw notFound("File");
    },
    /** E-mails the prescription to its customer (or the given address); allowed for every source. */
    async email(id: number, to?: string) {
      const wire = await readOne(id);
      let address = to;
      if (!address && wire.customer_id) {
        const [c] = await customerById(db, wire.customer_id);
        address = c?.email ?? undefined;
      }
      if (!address) throw validationError({ email: ["The customer has no e-mail address."] });
      const d = wire.standardised_prescription_display_array;
      const lines = [
        `Your ${wire.type_id === 2 ? "contact lens" : "spectacle"} prescription`,
        "",
        `Right: ${d.right}`,
        `Left: ${d.left}`,
        d.add ? `Add: ${d.add}` : null,
        wire.prism_string ? `Prism: ${wire.prism_string}` : null,
        `Expiry: ${wire.expiry_date_stamp}`,
        wire.printed_note ? `\n${wire.printed_note}` : null,
      ].filter((l) => l !== null);
      const sent = await outbox.sendEmail(
        { to: address, subject: "Your prescription", text: lines.join("\n") },
        { kind: "prescription", prescription_id: id },
      );
      if (sent.status === "failed") throw new AppError("upstream_failed", "Email Couldn't Send");
    },
  };
}
