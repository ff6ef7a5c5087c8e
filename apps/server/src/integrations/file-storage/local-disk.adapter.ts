import fs from "node:fs";
import path from "node:path";
import type { FileStorage } from "./file-storage.port";

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
    async put(key, bytes) {
      const full = resolve(key);
      await fs.promises.mkdir(path.dirname(full), { recursive: true });
      await fs.promises.writeFile(full, bytes);
    },
    async get(key) {
      return fs.createReadStream(resolve(key));
    },
    async remove(key) {
      await fs.promises.rm(resolve(key), { force: true });
    },
  };
}
