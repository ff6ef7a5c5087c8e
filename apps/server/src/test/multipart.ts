/** A multipart/form-data body for `app.inject`: text fields, and at most one file part named `file`. */
export function multipart(fields: Record<string, string>, file: { name: string; bytes: Buffer } | null) {
  const boundary = "----loupe-test-boundary";
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

/** A small customers CSV uploaded as an import batch (issue 46); answers the batch's id. */
export async function uploadSmallImport(
  call: (opts: { method: "POST"; url: string; payload: Buffer; headers: Record<string, string> }) => Promise<{
    statusCode: number;
    json: () => { data: { id: number } };
  }>,
): Promise<number> {
  const csv = "PatientID;FirstName;Surname\nP1;Ada;Lovelace\nP2;;Missing first name\n";
  const res = await call({
    method: "POST",
    url: "/api/staff/imports",
    ...multipart(
      { kind: "customers", source_system: "spreadsheet" },
      { name: "patients.csv", bytes: Buffer.from(csv) },
    ),
  });
  if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(`upload answered ${res.statusCode}`);
  return res.json().data.id;
}
