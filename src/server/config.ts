import { resolve } from 'node:path';
import { z } from 'zod';
import { parseTrustProxy, type TrustProxy } from './platform/proxy.ts';
import type { S3Options } from './platform/storage-s3.ts';

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MOLLIE_API_KEY: z
    .string()
    .regex(/^(test|live)_\w{20,}$/, 'must look like test_... or live_...')
    .optional(),
  /** Mollie's API base URL; only tests change it (a local fake of Mollie). */
  MOLLIE_API_ENDPOINT: z.url({ protocol: /^https$/ }).optional(),
  SEED_DEMO: bool.optional(),
  /** How many fictional demo members the demo data has (e2e runs with fewer). */
  SEED_DEMO_MEMBERS: z.coerce.number().int().min(0).max(50_000).default(2000),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const parsed = parseTrustProxy(v);
      if (typeof parsed === 'object' && !Array.isArray(parsed)) {
        ctx.addIssue({ code: 'custom', message: parsed.error });
        return z.NEVER;
      }
      return parsed;
    }),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Shared secret of the mail provider's bounce and complaint reports (POST /api/mail/events). */
  MAIL_EVENTS_SECRET: z.string().min(24, 'must be at least 24 characters').optional(),
  /** Tests only: accept push endpoints on loopback/private addresses (a local test push service). */
  PUSH_ALLOW_PRIVATE_ENDPOINTS: bool.optional(),
  GEOIP_HEADER: z
    .string()
    .regex(/^[a-z0-9-]+$/i)
    .default('cf-ipcountry'),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  RATE_LIMIT_FACTOR: z.coerce.number().positive().default(1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  // Media in an S3-compatible bucket (shared by every instance) instead of DATA_DIR/media.
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name (3-63 of a-z, 0-9, "." and "-")')
    .optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{2,40}$/, 'must be a region name such as eu-central-1')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).max(256).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).max(256).optional(),
  S3_FORCE_PATH_STYLE: bool.optional(),
});

const S3_VARS = [
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
];

/** The S3 variables belong together: a bucket for any of them, both keys or neither. */
function checkS3(e: z.infer<typeof ZEnv>, ctx: z.core.$RefinementCtx) {
  if (e.PUSH_ALLOW_PRIVATE_ENDPOINTS && e.NODE_ENV === 'production')
    ctx.addIssue({
      code: 'custom',
      path: ['PUSH_ALLOW_PRIVATE_ENDPOINTS'],
      message: 'is for tests only and cannot be on in production',
    });
  const given = S3_VARS.filter((name) => e[name as keyof typeof e] !== undefined);
  if (!e.S3_BUCKET && given.length > 0)
    ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: `is needed with ${given.join(', ')}` });
  if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined))
    ctx.addIssue({
      code: 'custom',
      path: [e.S3_ACCESS_KEY_ID === undefined ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY'],
      message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
    });
}

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  publicUrl: string | undefined;
  smtpUrl: string | undefined;
  mollieApiKey: string | undefined;
  mollieApiEndpoint: string | undefined;
  seedDemo: boolean;
  /** Fictional demo members in the demo data. */
  seedDemoMembers: number;
  /** Proxies whose X-Forwarded-* headers count: none, a hop count, or addresses and networks. */
  trustProxy: TrustProxy;
  /** Bearer token that opens /metrics to other machines (it always answers on loopback). */
  metricsToken: string | undefined;
  /** Bearer secret of POST /api/mail/events (bounces, complaints); the endpoint is off without it. */
  mailEventsSecret: string | undefined;
  /** Tests only (refused in production): push endpoints on loopback or private addresses are accepted. */
  pushAllowPrivateEndpoints: boolean;
  geoipHeader: string;
  logLevel: string;
  /** Requests per minute one address may make to /api (each route may set a lower limit). */
  rateLimitPerMinute: number;
  /** Multiplies the stricter limits (login, signup, reset, chat sends, socket frames); tests and benches raise it. */
  rateLimitFactor: number;
  /** Folder of the built web app; the server serves it when it exists. */
  webDir: string;
  /** Media in an S3-compatible bucket when set; on disk under DATA_DIR/media otherwise. */
  s3: S3Options | undefined;
}

export class ConfigError extends Error {}

/** Reads the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ZEnv.superRefine(checkS3).safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    publicUrl: e.PUBLIC_URL,
    smtpUrl: e.SMTP_URL,
    mollieApiKey: e.MOLLIE_API_KEY,
    mollieApiEndpoint: e.MOLLIE_API_ENDPOINT,
    seedDemo: e.SEED_DEMO ?? e.NODE_ENV !== 'production',
    seedDemoMembers: e.SEED_DEMO_MEMBERS,
    trustProxy: e.TRUST_PROXY,
    metricsToken: e.METRICS_TOKEN,
    mailEventsSecret: e.MAIL_EVENTS_SECRET,
    pushAllowPrivateEndpoints: e.PUSH_ALLOW_PRIVATE_ENDPOINTS ?? false,
    geoipHeader: e.GEOIP_HEADER.toLowerCase(),
    // Request logs matter in production; on a laptop they drown the start-up message.
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'production' ? 'info' : 'warn'),
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    rateLimitFactor: e.RATE_LIMIT_FACTOR,
    webDir: resolve(import.meta.dirname, '../../dist/web'),
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION ?? 'us-east-1',
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
          forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
        }
      : undefined,
  };
}
