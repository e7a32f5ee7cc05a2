import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { assertSafeKey, isSafeKey, type MediaStorage } from './storage.ts';

export interface S3Options {
  bucket: string;
  /** An S3-compatible server (MinIO, Ceph, R2, ...); AWS itself when unset. */
  endpoint: string | undefined;
  region: string;
  /** Both or neither: without them the SDK's own chain (instance role, AWS_* variables) is used. */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key`: most self-hosted servers want this. */
  forcePathStyle: boolean;
}

const notThere = (err: unknown) =>
  err instanceof NoSuchKey ||
  (err instanceof S3ServiceException && (err.name === 'NotFound' || err.$metadata.httpStatusCode === 404));

/**
 * Media in an S3-compatible bucket, so every instance behind a load balancer reads what any of them wrote
 * (issue 10 item 9). Keys are the same flat names as on disk; the bucket stays private, because every file
 * is served through our `/media` routes, which check who may see it.
 */
export function createS3Storage(options: S3Options): MediaStorage {
  const client = new S3Client({
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
    // Checksums only where S3 requires them: many S3-compatible servers do not know the newer ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A stalled store must not hold requests for minutes: fail, and let the SDK retry (3 attempts).
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 10_000 },
  });
  const Bucket = options.bucket;
  return {
    async put(key, data, contentType) {
      assertSafeKey(key);
      // One PUT is atomic: a reader sees the old object, none, or the whole new one.
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: data, ContentType: contentType }));
    },
    async get(key) {
      if (!isSafeKey(key)) return null;
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return res.Body ? Buffer.from(await res.Body.transformToByteArray()) : null;
      } catch (err) {
        if (notThere(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      assertSafeKey(key);
      // S3 answers a delete of a missing key with success, as the interface wants.
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async close() {
      client.destroy();
    },
  };
}
