import path from 'node:path';
import type { Config } from '../config.ts';
import type { FileStorage } from './storage.ts';
import { LocalFileStorage } from './storage-local.ts';

/**
 * The server's storage, for the server and the operator's command alike: the bucket when
 * CAB_S3_* name one, else CAB_DATA_DIR/files (served under /files) and CAB_DATA_DIR/private.
 * The S3 client is loaded only then: it adds about 150 ms and 20 MB to a start without it.
 */
export async function createStorage(config: Pick<Config, 'dataDir' | 's3'>): Promise<FileStorage> {
  if (config.s3) {
    const { S3FileStorage } = await import('./storage-s3.ts');
    return new S3FileStorage(config.s3);
  }
  return new LocalFileStorage(path.join(config.dataDir, 'files'), path.join(config.dataDir, 'private'));
}
