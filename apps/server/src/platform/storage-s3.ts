import crypto from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Settings } from '../storage-config.ts';
import {
  BaseFileStorage,
  contentTypeOf,
  copyCapped,
  resolveRange,
  type ByteRange,
  type ListedFile,
  type OpenedFile,
  type StorageArea,
} from './storage.ts';

const status = (err: unknown) => (err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined);

const rangeHeader = (range: { first: number; last?: number | undefined } | undefined) =>
  range && `bytes=${range.first}-${range.last ?? ''}`;

/**
 * Files in an S3-compatible bucket that every instance shares (docs/storage.md): public
 * files under `public/`, private ones under `private/`, with the same paths as in the
 * local directories. Nothing in the bucket needs to be readable by anyone but CAB: the
 * public files are served through CAB too.
 */
export class S3FileStorage extends BaseFileStorage {
  readonly localRoot = undefined;
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    super();
    this.client = new S3Client({
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      ...(settings.credentials ? { credentials: settings.credentials } : {}),
      // Checksums only where S3 requires them: the newer default (trailing checksums in
      // aws-chunked bodies) is refused by many S3-compatible servers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // A file served under /files/ holds its connection while the client reads: more than
      // the SDK's 50, so slow readers do not queue the rest; a server that does not answer
      // fails the call in seconds rather than holding it.
      requestHandler: { connectionTimeout: 10_000, httpAgent: { maxSockets: 500 }, httpsAgent: { maxSockets: 500 } },
    });
  }

  private get at(): string {
    return this.settings.endpoint ? ` at ${this.settings.endpoint}` : '';
  }

  where(area: StorageArea): string {
    return `s3://${this.settings.bucket}/${area}/${this.at}`;
  }

  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.settings.bucket }));
    } catch (err) {
      const why =
        status(err) === 404
          ? 'there is no such bucket'
          : status(err) === 403
            ? 'access is denied (CAB_S3_ACCESS_KEY_ID, CAB_S3_SECRET_ACCESS_KEY)'
            : err instanceof Error
              ? err.message
              : String(err);
      throw new Error(`the S3 bucket ${this.settings.bucket}${this.at} cannot be used: ${why}`);
    }
  }

  override close(): void {
    this.client.destroy();
  }

  private key(area: StorageArea, p: string): string {
    return `${area}/${p}`;
  }

  protected async store(area: StorageArea, p: string, bytes: Buffer): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.settings.bucket, Key: this.key(area, p), Body: bytes, ContentType: contentTypeOf(p) }),
    );
  }

  /**
   * Spooled through a temporary file first: S3 needs an object's length before its bytes,
   * a stream past the limit must leave no object, and one PUT needs no multipart upload
   * (which not every S3-compatible server has). Memory stays small whatever the size.
   */
  protected async storeStream(area: StorageArea, p: string, stream: Readable, maxBytes: number): Promise<number | undefined> {
    const tmp = path.join(os.tmpdir(), `cab-upload-${crypto.randomBytes(8).toString('hex')}`);
    try {
      const size = await copyCapped(stream, createWriteStream(tmp), maxBytes);
      if (size === undefined) return undefined;
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.settings.bucket,
          Key: this.key(area, p),
          Body: createReadStream(tmp),
          ContentLength: size,
          ContentType: contentTypeOf(p),
        }),
      );
      return size;
    } finally {
      await fs.rm(tmp, { force: true });
    }
  }

  protected async openPath(area: StorageArea, p: string, range: ByteRange | undefined): Promise<OpenedFile | undefined> {
    const object = { Bucket: this.settings.bucket, Key: this.key(area, p) };
    const get = (r: string | undefined) => this.client.send(new GetObjectCommand({ ...object, ...(r ? { Range: r } : {}) }));
    let absolute = range && !('suffix' in range) ? range : undefined;
    if (range && 'suffix' in range) {
      // The last bytes are asked by their offsets, from the size: not every S3-compatible server takes `bytes=-n`.
      try {
        absolute = resolveRange(range, (await this.client.send(new HeadObjectCommand(object))).ContentLength ?? 0);
      } catch (err) {
        if (status(err) === 404) return undefined;
        throw err;
      }
    }
    let res;
    try {
      res = await get(rangeHeader(absolute));
    } catch (err) {
      if (status(err) === 404) return undefined;
      // A range past the end names no byte: the whole file is answered instead, as the local directory does.
      if (status(err) !== 416) throw err;
      try {
        res = await get(undefined);
      } catch (again) {
        if (status(again) === 404) return undefined;
        throw again;
      }
    }
    if (!(res.Body instanceof Readable)) throw new Error(`S3 answered ${this.key(area, p)} without a stream`);
    const parts = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(res.ContentRange ?? '');
    return {
      stream: res.Body,
      size: parts ? Number(parts[3]) : (res.ContentLength ?? 0),
      range: parts ? { first: Number(parts[1]), last: Number(parts[2]) } : undefined,
      etag: res.ETag ?? `"${p}"`,
      modified: res.LastModified ?? new Date(0),
    };
  }

  protected async removePath(area: StorageArea, p: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.key(area, p) }));
  }

  /** In key order, a thousand keys a call. Names with a dot first are not CAB's uploads, as in the local directory. */
  async *list(area: StorageArea): AsyncIterable<ListedFile> {
    const prefix = `${area}/`;
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix: prefix, ...(token ? { ContinuationToken: token } : {}) }),
      );
      for (const o of page.Contents ?? []) {
        const p = (o.Key ?? '').slice(prefix.length);
        if (p && !p.split('/').some((s) => s.startsWith('.'))) yield { path: p, size: o.Size ?? 0 };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}
