import path from "node:path";
import type { Config } from "../config";
import type { FileStorage } from "./types";
import { LocalStorage } from "./local";

export async function createStorage(config: Config): Promise<FileStorage> {
  if (config.fileStorage === "s3") {
    const { S3Storage } = await import("./s3");
    return new S3Storage(config.s3);
  }
  return new LocalStorage(path.join(config.dataDir, "files"));
}
