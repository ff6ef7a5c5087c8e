import type { Readable } from "node:stream";
import { strToU8, zipSync } from "fflate";
import type { FileStorage } from "../../integrations/file-storage";
import type { Database } from "../../platform/db/client";
import { notFound } from "../../platform/http/app-error";

type Row = Record<string, unknown>;

async function bytesOf(stream: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** A file name safe inside a zip on every system: no path, no control or reserved characters. */
const safeName = (name: string) =>
  [...name]
    .map((ch) => (ch.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(ch) ? "_" : ch))
    .join("")
    .slice(0, 120) || "file";

/**
 * Everything Loupe holds about one customer (APP 12, HIPC rule 6, PHIPA s.52), read from every
 * module's tables: profile, addresses, prescriptions, PDs, files with their bytes, notes, jobs with
 * their items, messages sent, and the access log about them. Answers the zip's bytes and what it holds.
 */
export async function exportCustomerRecord(
  database: Database,
  storage: FileStorage,
  customerId: number,
  generatedBy: { id: number; name: string },
): Promise<{ zip: Uint8Array; counts: Record<string, number> }> {
  const all = async (sql: string, params: unknown[] = [customerId]) =>
    (await database.query<{ row: Row }>(sql, params)).map((r) => r.row);
  const [profile] = await all("SELECT to_jsonb(c) AS row FROM customers c WHERE c.id = $1");
  if (!profile) throw notFound("Customer");
  const [
    addresses,
    prescriptions,
    prescriptionFiles,
    pds,
    files,
    notes,
    jobs,
    jobItems,
    messages,
    accessLog,
  ] = await Promise.all([
    all("SELECT to_jsonb(a) AS row FROM billing_addresses a WHERE a.customer_id = $1 ORDER BY a.id"),
    all("SELECT to_jsonb(p) AS row FROM prescriptions p WHERE p.customer_id = $1 ORDER BY p.id"),
    all(
      `SELECT to_jsonb(pf) AS row FROM prescription_files pf
           JOIN prescriptions p ON p.id = pf.prescription_id WHERE p.customer_id = $1`,
    ),
    all("SELECT to_jsonb(p) AS row FROM pds p WHERE p.customer_id = $1 ORDER BY p.id"),
    all(
      `SELECT to_jsonb(f) AS row FROM files f WHERE f.customer_id = $1
            OR f.id IN (SELECT pf.file_id FROM prescription_files pf JOIN prescriptions p ON p.id = pf.prescription_id
                         WHERE p.customer_id = $1)
          ORDER BY f.id`,
    ),
    all("SELECT to_jsonb(n) AS row FROM notes n WHERE n.customer_id = $1 ORDER BY n.id"),
    all("SELECT to_jsonb(o) AS row FROM orders o WHERE o.customer_id = $1 ORDER BY o.id"),
    all(
      `SELECT to_jsonb(i) AS row FROM order_items i JOIN orders o ON o.id = i.order_id
          WHERE o.customer_id = $1 ORDER BY i.id`,
    ),
    all(
      `SELECT to_jsonb(m) - 'html' AS row FROM outbox_messages m
          WHERE m.meta->>'customer_id' = ($1::int)::text
             OR (m.meta->>'prescription_id') IN (SELECT id::text FROM prescriptions WHERE customer_id = $1)
          ORDER BY m.id`,
    ),
    all(
      `SELECT jsonb_build_object('seq', l.seq, 'occurred_at', l.occurred_at, 'staff_id', l.staff_id,
                  'staff_name', trim(s.first_name || ' ' || s.last_name), 'action', l.action,
                  'resource', l.resource, 'resource_id', l.resource_id, 'outcome', l.outcome,
                  'screen', l.screen) AS row
           FROM access_log l LEFT JOIN staff_users s ON s.id = l.staff_id
          WHERE l.customer_id = $1 ORDER BY l.seq`,
    ),
  ]);

  const entries: Record<string, Uint8Array> = {};
  const fileList = files.map((f) => {
    const path = `files/${f.id}-${safeName(String(f.file_name))}`;
    return { ...f, storage_key: undefined, thumbnail_key: undefined, path_in_archive: path };
  });
  // One file at a time: a customer's scans are a few megabytes each.
  for (const [i, f] of files.entries()) {
    try {
      entries[fileList[i].path_in_archive] = await bytesOf(await storage.get(String(f.storage_key)));
    } catch {
      fileList[i].path_in_archive = `missing: the stored bytes of file ${f.id} could not be read`;
    }
  }
  const counts = {
    addresses: addresses.length,
    prescriptions: prescriptions.length,
    pds: pds.length,
    files: files.length,
    notes: notes.length,
    jobs: jobs.length,
    job_items: jobItems.length,
    messages: messages.length,
    access_log: accessLog.length,
  };
  const record = {
    format: "loupe-customer-record/1",
    generated_at: new Date().toISOString(),
    generated_by: generatedBy,
    customer_id: customerId,
    counts,
    profile,
    addresses,
    prescriptions: prescriptions.map((p) => ({
      ...p,
      file_ids: prescriptionFiles.filter((l) => l.prescription_id === p.id).map((l) => l.file_id),
    })),
    pds,
    files: fileList,
    notes,
    jobs: jobs.map((j) => ({ ...j, items: jobItems.filter((i) => i.order_id === j.id) })),
    messages,
    access_log: accessLog,
  };
  entries["record.json"] = strToU8(JSON.stringify(record, null, 2));
  entries["README.txt"] = strToU8(
    `The record Loupe holds about customer ${customerId}, exported ${record.generated_at} by ${generatedBy.name}.\n` +
      "record.json holds every part; files/ holds the uploaded scans and documents named in record.json.\n",
  );
  return { zip: zipSync(entries, { level: 6 }), counts };
}
