import { Readable } from "node:stream";
import { CSV_BOM } from "@loupe/domain";
import { create as contentDisposition } from "content-disposition";
import type { FastifyReply } from "fastify";

/** How a streamed download ended: every byte handed to the client, or broken off (closed, failed). */
export type StreamEnd =
  | { complete: true }
  | { complete: false; reason: "aborted" | "failed"; error?: unknown };

/**
 * Sends a CSV download from chunks made as they are asked for: the chunks are pulled by the reply
 * stream, so when the client reads slowly the producer (and its database batches) wait, and memory
 * holds a chunk or two whatever the file's size. Starts with the UTF-8 byte-order mark. Resolves
 * once the download has ended, either way.
 */
export function sendCsvStream(
  reply: FastifyReply,
  fileName: string,
  chunks: AsyncIterable<string>,
): Promise<StreamEnd> {
  async function* withBom() {
    yield CSV_BOM;
    yield* chunks;
  }
  let failure: unknown;
  const body = Readable.from(withBom(), { objectMode: false, highWaterMark: 16 * 1024 });
  body.on("error", (err) => {
    failure = err;
  });
  const ended = new Promise<StreamEnd>((resolve) => {
    const done = () => {
      if (failure !== undefined) resolve({ complete: false, reason: "failed", error: failure });
      // Every chunk was read into the response (an aborted one is destroyed before its end).
      else if (reply.raw.writableFinished || body.readableEnded) resolve({ complete: true });
      else resolve({ complete: false, reason: "aborted" });
    };
    reply.raw.once("finish", done);
    reply.raw.once("close", done);
  });
  reply
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", contentDisposition(fileName))
    // Never kept by a proxy or the browser's cache: it is personal data.
    .header("cache-control", "no-store")
    .send(body);
  return ended;
}
