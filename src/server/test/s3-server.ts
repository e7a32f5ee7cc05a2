import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

/** s3rver accepts these fixed keys and checks the requests' signatures with them. */
const ACCESS = { id: 'S3RVER', secret: 'S3RVER' };

export interface LocalS3 {
  /** The environment that points the app at this server. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * A local S3-compatible server (the s3rver package) on a free loopback port, with one empty bucket, its
 * objects in a temporary folder: tests of the S3 media store run without any network.
 */
export async function startLocalS3(bucket = 'vonk-media'): Promise<LocalS3> {
  const directory = mkdtempSync(join(tmpdir(), 'vonk-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    env: {
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: ACCESS.id,
      S3_SECRET_ACCESS_KEY: ACCESS.secret,
      S3_FORCE_PATH_STYLE: 'true',
    },
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
