import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { StoredBytesMissing } from "./file-storage.port";
import { createLocalDiskStorage } from "./local-disk.adapter";
import { createS3Storage } from "./s3.adapter";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "loupe-storage-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const chunks = (n: number, size: number) =>
  Readable.from(
    (function* () {
      for (let i = 0; i < n; i++) yield Buffer.alloc(size, i % 256);
    })(),
  );

describe("local disk storage", () => {
  it("stores a stream chunk by chunk and reads it back", async () => {
    const storage = createLocalDiskStorage(root);
    await storage.put("2026-01/a.pdf", chunks(8, 64 * 1024), "application/pdf");
    const back: Buffer[] = [];
    for await (const c of await storage.get("2026-01/a.pdf")) back.push(c as Buffer);
    expect(Buffer.concat(back).length).toBe(8 * 64 * 1024);
  });

  it("refuses a key with no bytes when asked for them, not later on a stream no one listens to", async () => {
    const storage = createLocalDiskStorage(root);
    await expect(storage.get("2026-01/never-stored.pdf")).rejects.toBeInstanceOf(StoredBytesMissing);
    await expect(storage.get("no-such-folder/x.pdf")).rejects.toBeInstanceOf(StoredBytesMissing);
  });

  it("answers an opened file that reads nothing until consumed, and closes when given up", async () => {
    const storage = createLocalDiskStorage(root);
    await storage.put("2026-01/opened.pdf", Buffer.from("%PDF-1.4"), "application/pdf");
    const stream = await storage.get("2026-01/opened.pdf");
    // Removed after opening: the open file still reads, as a download under way would.
    fs.rmSync(path.join(root, "2026-01/opened.pdf"));
    const back: Buffer[] = [];
    for await (const c of stream) back.push(c as Buffer);
    expect(Buffer.concat(back).toString()).toBe("%PDF-1.4");
    await storage.put("2026-01/given-up.pdf", Buffer.from("x"), "application/pdf");
    const unread = await storage.get("2026-01/given-up.pdf");
    const closed = new Promise((r) => unread.once("close", r));
    unread.destroy();
    await closed;
  });

  it("leaves nothing behind when the stream fails part-way", async () => {
    const storage = createLocalDiskStorage(root);
    const failing = Readable.from(
      (async function* () {
        yield Buffer.alloc(1024);
        throw new Error("client went away");
      })(),
    );
    await expect(storage.put("2026-01/b.pdf", failing, "application/pdf")).rejects.toThrow(
      "client went away",
    );
    expect(fs.existsSync(path.join(root, "2026-01/b.pdf"))).toBe(false);
  });
});

describe("S3 storage", () => {
  it("refuses a key the bucket does not hold (404) as missing bytes, before any stream", async () => {
    const server = http.createServer((_req, res) => {
      res.statusCode = 404;
      res.end("<Error><Code>NoSuchKey</Code></Error>");
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const { port } = server.address() as { port: number };
    try {
      const storage = createS3Storage({
        endpoint: `http://127.0.0.1:${port}`,
        region: "ap-southeast-2",
        bucket: "loupe",
        accessKeyId: "test",
        secretAccessKey: "test",
      });
      await expect(storage.get("2026-01/gone.pdf")).rejects.toBeInstanceOf(StoredBytesMissing);
    } finally {
      server.close();
    }
  });

  it("sends a streamed upload with its length and payload hash", async () => {
    const seen: { length?: string; hash?: string; bytes: number } = { bytes: 0 };
    const server = http.createServer((req, res) => {
      seen.length = req.headers["content-length"];
      seen.hash = String(req.headers["x-amz-content-sha256"]);
      req.on("data", (c: Buffer) => {
        seen.bytes += c.length;
      });
      req.on("end", () => res.end());
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const { port } = server.address() as { port: number };
    try {
      const storage = createS3Storage({
        endpoint: `http://127.0.0.1:${port}`,
        region: "ap-southeast-2",
        bucket: "loupe",
        accessKeyId: "test",
        secretAccessKey: "test",
      });
      await storage.put("2026-01/c.pdf", chunks(4, 1000), "application/pdf");
      expect(seen).toMatchObject({ length: "4000", bytes: 4000 });
      expect(seen.hash).toMatch(/^[0-9a-f]{64}$/);
    } finally {
      server.close();
    }
  });
});
