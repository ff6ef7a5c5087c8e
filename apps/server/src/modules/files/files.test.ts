import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";

let t: TestApp;
let token: string;
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
