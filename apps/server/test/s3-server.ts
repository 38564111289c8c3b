import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface S3TestServer {
  /** The CAB_S3_* settings of a bucket on it. */
  env(bucket: string): Record<string, string>;
  close(): Promise<void>;
}

let made = 0;
/** A bucket name of its own per call, so tests on one server never see each other's files. */
export const nextBucket = () => `cab-test-${process.pid}-${++made}`;

/**
 * An S3-compatible server in this process (s3rver), on a free port of this machine, its
 * objects in a temporary directory; `buckets` exist from the start. s3rver checks
 * signatures against the key pair S3RVER / S3RVER.
 */
export async function startS3Server(buckets: readonly string[]): Promise<S3TestServer> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'cab-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name })),
  });
  const { port } = await server.run();
  return {
    env: (bucket) => ({
      CAB_S3_ENDPOINT: `http://127.0.0.1:${port}`,
      CAB_S3_BUCKET: bucket,
      CAB_S3_ACCESS_KEY_ID: 'S3RVER',
      CAB_S3_SECRET_ACCESS_KEY: 'S3RVER',
    }),
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
