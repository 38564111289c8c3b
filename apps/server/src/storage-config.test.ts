import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { parseS3Settings } from './storage-config.ts';

describe('where the uploads go (storage-config.ts, docs/storage.md)', () => {
  const minio = {
    CAB_S3_ENDPOINT: 'http://minio.internal:9000/',
    CAB_S3_BUCKET: 'cab-uploads',
    CAB_S3_ACCESS_KEY_ID: 'cab',
    CAB_S3_SECRET_ACCESS_KEY: 'secret-key',
  };

  it('keeps them in the data directory without any CAB_S3_ setting (empty ones count as unset)', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(parseS3Settings({ CAB_S3_BUCKET: '', CAB_S3_ENDPOINT: '' })).toBeUndefined();
  });

  it('reads a bucket on an S3-compatible server: path-style by default, us-east-1 unless told', () => {
    expect(loadConfig(minio).s3).toEqual({
      endpoint: 'http://minio.internal:9000',
      bucket: 'cab-uploads',
      region: 'us-east-1',
      credentials: { accessKeyId: 'cab', secretAccessKey: 'secret-key' },
      forcePathStyle: true,
    });
    expect(parseS3Settings({ ...minio, CAB_S3_FORCE_PATH_STYLE: 'off', CAB_S3_REGION: 'cn-north-1' })).toMatchObject({
      forcePathStyle: false,
      region: 'cn-north-1',
    });
  });

  it("reads Amazon S3 itself: no endpoint, virtual-host style, and the SDK's own credentials when no key is given", () => {
    expect(parseS3Settings({ CAB_S3_BUCKET: 'cab.example.com', CAB_S3_REGION: 'eu-west-1' })).toEqual({
      endpoint: undefined,
      bucket: 'cab.example.com',
      region: 'eu-west-1',
      credentials: undefined,
      forcePathStyle: false,
    });
    expect(parseS3Settings({ CAB_S3_BUCKET: 'cab-uploads', CAB_S3_FORCE_PATH_STYLE: 'on' })?.forcePathStyle).toBe(true);
  });

  it('refuses a partial setting, saying what is missing', () => {
    expect(() => loadConfig({ CAB_S3_ENDPOINT: 'http://minio:9000' })).toThrow(
      'CAB_S3_BUCKET must be set with CAB_S3_ENDPOINT (the bucket the uploads go to)',
    );
    expect(() => loadConfig({ CAB_S3_ACCESS_KEY_ID: 'k', CAB_S3_SECRET_ACCESS_KEY: 's' })).toThrow(
      'CAB_S3_BUCKET must be set with CAB_S3_ACCESS_KEY_ID, CAB_S3_SECRET_ACCESS_KEY',
    );
    expect(() => loadConfig({ ...minio, CAB_S3_SECRET_ACCESS_KEY: '' })).toThrow(
      'CAB_S3_ACCESS_KEY_ID and CAB_S3_SECRET_ACCESS_KEY are set together',
    );
    expect(() => loadConfig({ ...minio, CAB_S3_ACCESS_KEY_ID: '' })).toThrow('are set together');
  });

  it('refuses a bad bucket name, endpoint, region or switch', () => {
    for (const bucket of ['ab', 'Cab', 'cab_uploads', '-cab', 'cab-', 'cab..x', 'c'.repeat(64)])
      expect(() => parseS3Settings({ ...minio, CAB_S3_BUCKET: bucket }), bucket).toThrow(`CAB_S3_BUCKET "${bucket}" is not a bucket name`);
    for (const endpoint of ['minio:9000', 'ftp://minio', 'http://minio:9000/cab', 'http://user:pw@minio', 'http://minio?x=1'])
      expect(() => parseS3Settings({ ...minio, CAB_S3_ENDPOINT: endpoint }), endpoint).toThrow(`CAB_S3_ENDPOINT "${endpoint}" must be`);
    expect(() => parseS3Settings({ ...minio, CAB_S3_REGION: 'US East' })).toThrow('CAB_S3_REGION "US East" is not a region name');
    expect(() => parseS3Settings({ ...minio, CAB_S3_FORCE_PATH_STYLE: 'true' })).toThrow(
      'CAB_S3_FORCE_PATH_STYLE must be on or off, not true',
    );
  });
});
