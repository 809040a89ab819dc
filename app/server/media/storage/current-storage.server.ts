import path from "node:path";

import { getEnv } from "../../env.server";
import { DiskStorage } from "./disk-storage.server";
import { S3Storage } from "./s3-storage.server";
import type { Storage } from "./storage.server";

let current: { config: string; storage: Storage } | undefined;

/**
 * The uploads' storage the environment chooses (PRODUCT.md "Media library"): S3-compatible when every
 * S3_* variable is set, else local disk under `DATA_DIR/uploads`. Built once per configuration.
 */
export function getStorage(): Storage {
  const env = getEnv();
  const config = JSON.stringify(env.S3 ?? env.DATA_DIR);
  if (current?.config !== config) {
    current = { config, storage: env.S3 ? new S3Storage(env.S3) : new DiskStorage(path.join(env.DATA_DIR, "uploads")) };
  }
  return current.storage;
}
