import { createHash, createHmac } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { type FileStorage, StoredBytesMissing } from "./file-storage.port";

export interface S3Settings {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
}

const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");
const hmac = (key: Buffer | string, data: string) => createHmac("sha256", key).update(data).digest();

/** S3-compatible storage (AWS, MinIO, R2) with Signature V4 over fetch, path-style addressing. */
export function createS3Storage(s: S3Settings): FileStorage {
  async function send(
    method: string,
    key: string,
    body?: { hash: string; length: number; stream: () => Readable },
    contentType?: string,
  ) {
    const url = new URL(
      `${s.endpoint.replace(/\/$/, "")}/${s.bucket}/${key.split("/").map(encodeURIComponent).join("/")}`,
    );
    const now = new Date();
    const amzDate = now.toISOString().replace(/[:-]|\.\d{3}/g, "");
    const day = amzDate.slice(0, 8);
    const payloadHash = body?.hash ?? sha256("");
    const headers: Record<string, string> = {
      host: url.host,
      "x-amz-content-sha256": payloadHash,
      "x-amz-date": amzDate,
      ...(contentType ? { "content-type": contentType } : {}),
      ...(body ? { "content-length": String(body.length) } : {}),
    };
    const signed = Object.keys(headers).sort();
    const canonical = [
      method,
      url.pathname,
      "",
      ...signed.map((h) => `${h}:${headers[h]}`),
      "",
      signed.join(";"),
      payloadHash,
    ].join("\n");
    const scope = `${day}/${s.region}/s3/aws4_request`;
    const toSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256(canonical)].join("\n");
    const key4 = hmac(hmac(hmac(hmac(`AWS4${s.secretAccessKey}`, day), s.region), "s3"), "aws4_request");
    const signature = createHmac("sha256", key4).update(toSign).digest("hex");
    headers.authorization = `AWS4-HMAC-SHA256 Credential=${s.accessKeyId}/${scope}, SignedHeaders=${signed.join(";")}, Signature=${signature}`;
    const res = await fetch(url, {
      method,
      headers,
      ...(body ? { body: Readable.toWeb(body.stream()) as ReadableStream, duplex: "half" } : {}),
    } as RequestInit);
    if (method === "GET" && res.status === 404) {
      await res.body?.cancel();
      throw new StoredBytesMissing(key);
    }
    if (!res.ok && !(method === "DELETE" && res.status === 404))
      throw new Error(`S3 ${method} ${key} answered ${res.status}`);
    return res;
  }
  return {
    name: "s3",
    async put(key, body, contentType) {
      if (Buffer.isBuffer(body)) {
        await send(
          "PUT",
          key,
          { hash: sha256(body), length: body.length, stream: () => Readable.from([body]) },
          contentType,
        );
        return;
      }
      // Signature V4 needs the payload's hash and length before sending: spool the stream to a
      // temporary file (bounded memory), then send that file.
      const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "loupe-s3-"));
      const spool = path.join(dir, "upload");
      try {
        const hash = createHash("sha256");
        let length = 0;
        await pipeline(
          body,
          new Transform({
            transform(chunk: Buffer, _enc, done) {
              hash.update(chunk);
              length += chunk.length;
              done(null, chunk);
            },
          }),
          fs.createWriteStream(spool),
        );
        const digest = hash.digest("hex");
        await send(
          "PUT",
          key,
          { hash: digest, length, stream: () => fs.createReadStream(spool) },
          contentType,
        );
      } finally {
        await fs.promises.rm(dir, { recursive: true, force: true });
      }
    },
    async get(key) {
      const res = await send("GET", key);
      return Readable.fromWeb(res.body as any);
    },
    async remove(key) {
      await send("DELETE", key);
    },
  };
}
