import fs from "node:fs";
import { parse as parseDisposition } from "content-disposition";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";

let t: TestApp;
let token: string;
let sam: string;
let riley: string;
let customerId: number;
let png: Buffer;
const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

/** A multipart body built by hand, as a browser would send it. */
function multipart(parts: { name: string; filename: string; bytes: Buffer }[]) {
  const boundary = "----loupe-test-boundary";
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      p.bytes,
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

const upload = (parts: { name: string; filename: string; bytes: Buffer }[]) =>
  t.call(token, { method: "POST", url: `/api/customer/${customerId}/files`, ...multipart(parts) });

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  sam = await t.login("sam@loupe.test");
  riley = await t.login("riley@loupe.test");
  customerId = (
    await t.call(token, { method: "POST", url: "/api/user", payload: { first_name: "Files" } })
  ).json().data.id;
  png = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#3366cc" } })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

describe("files", () => {
  it("stores an image and a PDF, makes a thumbnail for the image, and serves both", async () => {
    const res = await upload([
      { name: "files[0]", filename: "rx-scan.png", bytes: png },
      { name: "files[1]", filename: "referral.pdf", bytes: PDF },
    ]);
    expect(res.statusCode).toBe(201);
    const [image, pdf] = res.json().data;
    expect(image).toMatchObject({
      file_name: "rx-scan.png",
      mime_type: "image/png",
      customer_id: customerId,
    });
    expect(image.full_thumbnail_path).toContain("thumbnail=1");
    expect(pdf.full_thumbnail_path).toBeNull();

    const thumb = await t.call(token, { method: "GET", url: image.full_thumbnail_path });
    expect(thumb.headers["content-type"]).toBe("image/jpeg");
    const meta = await sharp(thumb.rawPayload).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBe(320);
    // The web app fetches the bytes with the Authorization header (into a blob): no ?token=.
    const body = await t.call(token, { method: "GET", url: pdf.full_path });
    expect(body.statusCode).toBe(200);
    expect(body.rawPayload.equals(PDF)).toBe(true);

    const list = (await t.call(token, { method: "GET", url: `/api/customer/${customerId}/files` })).json()
      .data;
    expect(list).toHaveLength(2);
  });

  it("checks the bytes, not the name, and refuses the whole batch", async () => {
    const res = await upload([
      { name: "files[0]", filename: "ok.png", bytes: png },
      { name: "files[1]", filename: "fake.png", bytes: PDF },
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors["files.1"]).toEqual(["File must be an image, pdf or doc/docx"]);
    const list = (await t.call(token, { method: "GET", url: `/api/customer/${customerId}/files` })).json()
      .data;
    expect(list).toHaveLength(2);
    const exe = await upload([{ name: "files[0]", filename: "tool.exe", bytes: Buffer.from("MZ\x90\x00") }]);
    expect(exe.json().message).toBe("File must be an image, pdf or doc/docx");
  });

  it("refuses a file over 10024 KB", async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(10_024 * 1024 + 10)]);
    const res = await upload([{ name: "files[0]", filename: "big.pdf", bytes: big }]);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/smaller than/);
  });

  it("attaches a staff upload to a prescription, detaches it, and removes files", async () => {
    const staffUpload = await t.call(token, {
      method: "POST",
      url: "/api/staff/files",
      ...multipart([{ name: "file", filename: "scan.pdf", bytes: PDF }]),
    });
    const fileId = staffUpload.json().data[0].id;
    const sources = (await t.call(token, { method: "GET", url: "/api/prescription-source" })).json().data;
    const rx = await t.call(token, {
      method: "POST",
      url: `/api/v4/users/${customerId}/prescriptions`,
      payload: { type_id: 1, source_id: sources[0].id },
    });
    const rxId = rx.json().data.id;
    const attached = await t.call(token, {
      method: "PUT",
      url: `/legacy-api/v4/users/${customerId}/prescriptions/${rxId}/files`,
      payload: { files: [fileId] },
    });
    expect(attached.json().data).toMatchObject({ is_file_only: true, error: "Please edit prescription" });
    const detached = await t.call(token, {
      method: "DELETE",
      url: `/api/v4/users/${customerId}/prescriptions/${rxId}/files/${fileId}`,
    });
    expect(detached.json().message).toBe("File deleted from prescription");
    const removed = await t.call(token, { method: "DELETE", url: `/api/staff/files/${fileId}` });
    expect(removed.json().message).toBe("File successfully removed!");
    expect((await t.call(token, { method: "GET", url: `/api/staff/files/${fileId}` })).statusCode).toBe(404);
  });
});

const staffUpload = async (as: string, filename: string, bytes: Buffer) =>
  (
    await t.call(as, {
      method: "POST",
      url: "/api/staff/files",
      ...multipart([{ name: "file", filename, bytes }]),
    })
  ).json().data[0];

const storedFiles = () =>
  fs.existsSync(t.config.filesDir)
    ? fs.readdirSync(t.config.filesDir, { recursive: true }).filter((f) => /\.[a-z]+$/.test(String(f)))
    : [];

describe("serving files safely", () => {
  it("names a download in any script with RFC 6266 filename*", async () => {
    const name = "Ordonnance é 処方箋 .pdf";
    const file = await staffUpload(token, name, PDF);
    expect(file.file_name).toBe(name);
    const res = await t.call(token, { method: "GET", url: file.full_path });
    const header = String(res.headers["content-disposition"]);
    expect(header).toContain(`filename*=UTF-8''${encodeURIComponent(name).replace(/'/g, "%27")}`);
    expect(header).toMatch(/filename="[\x20-\x7e]+"/);
    expect(parseDisposition(header).parameters.filename).toBe(name);
  });

  it("serves documents as attachments in a sandbox, images inline, never sniffed", async () => {
    const pdf = await staffUpload(token, "report.pdf", PDF);
    const doc = await t.call(token, { method: "GET", url: pdf.full_path });
    expect(doc.headers["content-disposition"]).toMatch(/^attachment;/);
    expect(doc.headers["content-type"]).toBe("application/pdf");
    expect(doc.headers["x-content-type-options"]).toBe("nosniff");
    expect(doc.headers["content-security-policy"]).toMatch(/^sandbox/);
    const image = await staffUpload(token, "photo.png", png);
    const inline = await t.call(token, { method: "GET", url: image.full_path });
    expect(inline.headers["content-disposition"]).toMatch(/^inline;/);
    expect(inline.headers["x-content-type-options"]).toBe("nosniff");
    const saved = await t.call(token, { method: "GET", url: `${image.full_path}?download=1` });
    expect(saved.headers["content-disposition"]).toMatch(/^attachment;/);
  });

  it("answers 401 without the Authorization header", async () => {
    const file = await staffUpload(token, "private.pdf", PDF);
    expect((await t.app.inject({ method: "GET", url: file.full_path })).statusCode).toBe(401);
  });
});

describe("removing a file attached to a note", () => {
  const noteWith = async (as: string, fileId: number) =>
    (
      await t.call(as, {
        method: "POST",
        url: "/legacy-api/user-note",
        payload: { content: "See the attached scan", user_id: customerId, files: [fileId] },
      })
    ).json().data;

  it("refuses a staff member who is neither the note's author nor an administrator", async () => {
    const file = await staffUpload(sam, "sam-scan.pdf", PDF);
    await noteWith(sam, file.id);
    const denied = await t.call(riley, { method: "DELETE", url: `/api/staff/files/${file.id}` });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(
      "This file is attached to another staff member's note: only that note's author (by removing the note) or an administrator can remove it.",
    );
    expect((await t.call(riley, { method: "GET", url: `/api/staff/files/${file.id}` })).statusCode).toBe(200);
  });

  it("lets the note's author remove it", async () => {
    const file = await staffUpload(sam, "sam-own.pdf", PDF);
    await noteWith(sam, file.id);
    const ok = await t.call(sam, { method: "DELETE", url: `/api/staff/files/${file.id}` });
    expect(ok.json().message).toBe("File successfully removed!");
  });

  it("lets an administrator remove it", async () => {
    const file = await staffUpload(sam, "sam-admin.pdf", PDF);
    await noteWith(sam, file.id);
    const ok = await t.call(token, { method: "DELETE", url: `/api/staff/files/${file.id}` });
    expect(ok.statusCode).toBe(200);
    expect((await t.call(token, { method: "GET", url: `/api/staff/files/${file.id}` })).statusCode).toBe(404);
  });

  it("removes the note's attachment with the note", async () => {
    const file = await staffUpload(sam, "goes-with-note.pdf", PDF);
    const note = await noteWith(sam, file.id);
    const before = storedFiles().length;
    const res = await t.call(sam, { method: "DELETE", url: `/legacy-api/user-note/${note.id}?version=1` });
    expect(res.statusCode).toBe(200);
    expect((await t.call(token, { method: "GET", url: `/api/staff/files/${file.id}` })).statusCode).toBe(404);
    expect(storedFiles().length).toBe(before - 1);
  });
});

describe("streamed uploads", () => {
  it("leaves no partial file behind when an upload goes over the limit", async () => {
    const before = storedFiles().length;
    const big = Buffer.concat([PDF, Buffer.alloc(10_024 * 1024 + 10)]);
    const res = await upload([
      { name: "files[0]", filename: "fine.pdf", bytes: PDF },
      { name: "files[1]", filename: "big.pdf", bytes: big },
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors["files.1"]).toEqual(["The file has to be smaller than 9.8MB"]);
    expect(storedFiles().length).toBe(before);
  });

  it("stores a file just under the limit byte for byte", async () => {
    const bytes = Buffer.concat([PDF, Buffer.alloc(9.7 * 1024 * 1024, 7)]);
    const res = await upload([{ name: "files[0]", filename: "large-scan.pdf", bytes }]);
    expect(res.statusCode).toBe(201);
    const file = res.json().data[0];
    expect(file.size).toBe(bytes.length);
    const back = await t.call(token, { method: "GET", url: file.full_path });
    expect(back.rawPayload.equals(bytes)).toBe(true);
  });
});
