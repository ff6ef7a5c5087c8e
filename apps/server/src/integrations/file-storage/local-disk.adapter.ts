import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { type FileStorage, StoredBytesMissing } from "./file-storage.port";

/** Files on local disk under DATA_DIR/files (the default). */
export function createLocalDiskStorage(root: string): FileStorage {
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    // Keys are ours, but a path must never escape the storage folder.
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error("Invalid storage key");
    return full;
  };
  return {
    name: "local-disk",
    async put(key, body) {
      const full = resolve(key);
      await fs.promises.mkdir(path.dirname(full), { recursive: true });
      try {
        if (Buffer.isBuffer(body)) await fs.promises.writeFile(full, body);
        else await pipeline(body, fs.createWriteStream(full));
      } catch (err) {
        // A half-written file is never left behind.
        await fs.promises.rm(full, { force: true });
        throw err;
      }
    },
    async get(key) {
      // Opened here, not by the stream: fs.createReadStream opens on a later tick and reports a
      // missing file as an 'error' event, which ends the process if nothing listens yet.
      let handle: fs.promises.FileHandle;
      try {
        handle = await fs.promises.open(resolve(key), "r");
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (code === "ENOENT" || code === "ENOTDIR") throw new StoredBytesMissing(key, { cause: err });
        throw err;
      }
      return handle.createReadStream();
    },
    async remove(key) {
      await fs.promises.rm(resolve(key), { force: true });
    },
  };
}
