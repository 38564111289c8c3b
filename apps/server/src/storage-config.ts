/** An S3-compatible bucket for the uploads (docs/storage.md). */
export interface S3Settings {
  /** The server's address (MinIO, a cloud's S3-compatible service); undefined: Amazon S3 itself. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  /** undefined: the AWS SDK's own chain finds them (AWS_* variables, an instance or task role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** `endpoint/bucket/key` rather than `bucket.endpoint/key`: what most S3-compatible servers want. */
  forcePathStyle: boolean;
}

const NAMES = [
  'CAB_S3_ENDPOINT',
  'CAB_S3_BUCKET',
  'CAB_S3_REGION',
  'CAB_S3_ACCESS_KEY_ID',
  'CAB_S3_SECRET_ACCESS_KEY',
  'CAB_S3_FORCE_PATH_STYLE',
] as const;

/** S3's bucket naming rules: 3 to 63 lower-case letters, digits, dots and hyphens, a letter or digit at each end. */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const REGION = /^[a-z0-9][a-z0-9-]{0,62}$/;
/** Scheme, host and port: the bucket and keys are added to it. */
const ENDPOINT = /^https?:\/\/[^\s/?#@]+\/?$/;

/**
 * The S3 settings, or undefined when none is set: the uploads then stay in CAB_DATA_DIR.
 * Any CAB_S3_ setting asks for a bucket, so a partial one (an endpoint without a bucket,
 * a key id without its secret) stops the start rather than quietly using the local
 * directory that other instances cannot see.
 */
export function parseS3Settings(env: NodeJS.ProcessEnv): S3Settings | undefined {
  const given = NAMES.filter((n) => env[n] !== undefined && env[n] !== '');
  if (!given.length) return undefined;
  const { CAB_S3_ENDPOINT: endpoint, CAB_S3_BUCKET: bucket, CAB_S3_ACCESS_KEY_ID: keyId, CAB_S3_SECRET_ACCESS_KEY: secret } = env;
  if (!bucket) throw new Error(`CAB_S3_BUCKET must be set with ${given.join(', ')} (the bucket the uploads go to)`);
  if (!BUCKET.test(bucket) || bucket.includes('..'))
    throw new Error(`CAB_S3_BUCKET "${bucket}" is not a bucket name (3 to 63 lower-case letters, digits, dots and hyphens)`);
  if (endpoint && !ENDPOINT.test(endpoint))
    throw new Error(`CAB_S3_ENDPOINT "${endpoint}" must be an http(s) address without a path, such as https://s3.example.com:9000`);
  const region = env.CAB_S3_REGION || 'us-east-1';
  if (!REGION.test(region)) throw new Error(`CAB_S3_REGION "${region}" is not a region name such as us-east-1`);
  if (!keyId !== !secret)
    throw new Error(
      'CAB_S3_ACCESS_KEY_ID and CAB_S3_SECRET_ACCESS_KEY are set together (or neither: the AWS SDK finds credentials itself)',
    );
  const pathStyle = env.CAB_S3_FORCE_PATH_STYLE;
  if (pathStyle && pathStyle !== 'on' && pathStyle !== 'off')
    throw new Error(`CAB_S3_FORCE_PATH_STYLE must be on or off, not ${pathStyle}`);
  return {
    endpoint: endpoint ? endpoint.replace(/\/$/, '') : undefined,
    bucket,
    region,
    credentials: keyId && secret ? { accessKeyId: keyId, secretAccessKey: secret } : undefined,
    forcePathStyle: pathStyle ? pathStyle === 'on' : endpoint !== undefined && endpoint !== '',
  };
}
