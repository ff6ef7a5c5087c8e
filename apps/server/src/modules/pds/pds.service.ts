import type { PdWire } from "@loupe/contract";
import {
  DEFAULT_GUEST_LENS_TYPE_ID,
  normalisePdInput,
  type PdFormValues,
  pdSchema,
  rowIdText,
} from "@loupe/domain";
import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../platform/db/client";
import { type Editor, matchVersion, nextVersion, readVersion } from "../../platform/db/versioning";
import { notFound, validationError } from "../../platform/http/app-error";
import { parseOrThrow } from "../../platform/http/validate";
import { sourceLists } from "../reference";
import type { StaffRow } from "../staff";
import { staffNamesByIds, staleOrMissing } from "../staff";
import { PD_MEASURES, type PdRow, type PresenterOptions, pdColumnName, toPdWire } from "./pds.mappers";
import { customerIdOf, pdSourceIdOf, pdWithWriter } from "./pds.queries";
import { pds } from "./pds.tables";

const camel = pdColumnName;
const MEASURES = PD_MEASURES;

export type { PresenterOptions };

export function createPdsService({ db }: { db: Db }) {
  /** Sources from the process's copy (reference-cache.ts), read again once if one is missing. */
  async function sourcesFor(rows: PdRow[]) {
    const { pdSources: known } = await sourceLists(db);
    if (rows.every((r) => known.has(r.sourceId))) return known;
    return (await sourceLists(db, true)).pdSources;
  }

  async function toWire(rows: PdRow[], options: PresenterOptions = {}): Promise<PdWire[]> {
    if (!rows.length) return [];
    const staffIds = rows.flatMap((r) => (r.staffUserId ? [r.staffUserId] : []));
    const [sourceById, names] = await Promise.all([sourcesFor(rows), staffNamesByIds(db, staffIds)]);
    const writer = (id: number | null) => {
      const name = id == null ? undefined : names.get(id);
      return name === undefined ? null : { id: id!, full_name: name };
    };
    return rows.map((r) => toPdWire(r, sourceById.get(r.sourceId)!, writer(r.staffUserId), options));
  }

  /**
   * One PD as the API sends it: the same answer as `toWire([row], options)`, in one statement.
   * `options` may still be on its way (the job edit's lens options know the lens type only once
   * the product is read): the row is read meanwhile.
   */
  async function readOne(id: number, options: PresenterOptions | Promise<PresenterOptions>) {
    const [row] = await pdWithWriter(db, { id });
    if (!row) throw notFound("PD");
    const { pd, writerFirst, writerLast } = row;
    const sourceById = await sourcesFor([pd]);
    // As staffNamesByIds names them; a writer whose row is gone is no writer.
    const writer =
      pd.staffUserId != null && writerFirst != null
        ? { id: pd.staffUserId, full_name: `${writerFirst} ${writerLast}`.trim() }
        : null;
    return toPdWire(pd, sourceById.get(pd.sourceId)!, writer, await options);
  }

  /**
   * The ids beside the measurements, checked before any SQL (issue 25): `"NaN"` or `"abc"` is a
   * 422 naming the field, never a value PostgreSQL echoes into the log.
   */
  const owner = z.object({
    customer_user_id: rowIdText(),
    lens_type_id: rowIdText().nullish(),
  });
  const guestOwner = z.object({ lens_type: rowIdText().optional() });

  function parse(input: unknown): PdFormValues {
    return parseOrThrow(pdSchema, normalisePdInput((input ?? {}) as Record<string, unknown>));
  }

  async function checkSource(sourceId: number) {
    const [s] = await pdSourceIdOf(db, sourceId);
    if (!s) throw validationError({ source_id: ["The selected source is invalid."] });
  }

  const columns = (v: PdFormValues) => ({
    ...Object.fromEntries(MEASURES.map((f) => [camel(f), (v as any)[f] ?? null])),
    frameSize: v.frame_size ?? null,
    armSize: v.arm_size ?? null,
    glassShapeType: v.glass_shape_type ?? null,
    note: v.note ?? null,
    sourceId: v.source_id,
    outletId: v.outlet_id ?? null,
  });

  async function load(id: number) {
    const [row] = await db.select().from(pds).where(eq(pds.id, id));
    if (!row) throw notFound("PD");
    return row;
  }

  const stale = (editor: Editor, id: number, expected: number | undefined) =>
    staleOrMissing(db, pds, { id, expected, record: "PD", editor, missing: () => notFound("PD") });

  return {
    async create(staff: StaffRow, input: Record<string, unknown>, guest: boolean) {
      const ids = guest ? null : parseOrThrow(owner, input);
      const guestIds = guest ? parseOrThrow(guestOwner, input) : null;
      const v = parse(input);
      await checkSource(v.source_id);
      let customerId: number | null = null;
      if (ids) {
        customerId = ids.customer_user_id;
        const [c] = await customerIdOf(db, customerId);
        if (!c) throw notFound("Customer");
      }
      const lensTypeId = guestIds
        ? (guestIds.lens_type ?? DEFAULT_GUEST_LENS_TYPE_ID)
        : (ids?.lens_type_id ?? null);
      const [row] = await db
        .insert(pds)
        .values({
          ...(columns(v) as any),
          customerId,
          lensTypeId,
          staffUserId: staff.id,
          updatedBy: staff.id,
          outletId: v.outlet_id ?? staff.outletId,
        })
        .returning();
      return (await toWire([row]))[0];
    },
    async listForCustomer(customerId: number, options: PresenterOptions) {
      const rows = await db
        .select()
        .from(pds)
        .where(eq(pds.customerId, customerId))
        .orderBy(desc(pds.createdAt), desc(pds.id));
      return toWire(rows, options);
    },
    async get(id: number, options: PresenterOptions | Promise<PresenterOptions>) {
      return readOne(id, options);
    },
    /** Edits from a stale read (an older `version`) are refused with a 409, never applied. */
    async update(editor: Editor, id: number, input: unknown) {
      await load(id);
      const expected = readVersion((input as { version?: unknown } | null)?.version);
      const v = parse(input);
      await checkSource(v.source_id);
      const [row] = await db
        .update(pds)
        .set({ ...(columns(v) as any), ...nextVersion(pds, editor) })
        .where(matchVersion(pds, id, expected))
        .returning();
      if (!row) throw await stale(editor, id, expected);
      return (await toWire([row]))[0];
    },
    async remove(editor: Editor, id: number, expected?: number) {
      await load(id);
      const removed = await db
        .delete(pds)
        .where(matchVersion(pds, id, expected))
        .returning({ id: pds.id });
      if (!removed.length) throw await stale(editor, id, expected);
    },
  };
}
