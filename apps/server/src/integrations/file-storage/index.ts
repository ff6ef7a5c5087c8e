import type { Config } from "../../config";
import type { FileStorage } from "./file-storage.port";
import { createLocalDiskStorage } from "./local-disk.adapter";
import { createS3Storage } from "./s3.adapter";

export { type FileStorage, StoredBytesMissing } from "./file-storage.port";

/** S3-compatible storage when S3_BUCKET (and its keys) are set; local disk under DATA_DIR/files otherwise. */
export function createFileStorage(config: Config): FileStorage {
  if (config.S3_BUCKET && config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY) {
    return createS3Storage({
      endpoint: config.S3_ENDPOINT ?? `https://s3.${config.S3_REGION}.amazonaws.com`,
      region: config.S3_REGION,
      bucket: config.S3_BUCKET,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    });
  }
  return createLocalDiskStorage(config.filesDir);
}
