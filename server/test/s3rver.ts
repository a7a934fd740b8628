// A real S3-compatible server (s3rver) on a free loopback port with a temp directory, for tests
// that drive the product's own @aws-sdk/client-s3 code end to end.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

/** s3rver's one account. */
export const S3RVER_KEY = "S3RVER";
export const S3RVER_SECRET = "S3RVER";

export interface RunningS3 {
  endpoint: string;
  bucket: string;
  directory: string;
  close: () => Promise<void>;
}

export async function startS3rver(bucket = "recordings"): Promise<RunningS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "s3rver-"));
  const server = new S3rver({ port: 0, address: "127.0.0.1", directory, silent: true, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    directory,
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
