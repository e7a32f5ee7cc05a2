import { resolve } from 'node:path';
import { z } from 'zod';

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
  SEED_DEMO: bool.optional(),
  TRUST_PROXY: bool.default(false),
  GEOIP_HEADER: z
    .string()
    .regex(/^[a-z0-9-]+$/i)
    .default('cf-ipcountry'),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  RATE_LIMIT_FACTOR: z.coerce.number().positive().default(1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
});

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
  seedDemo: boolean;
  trustProxy: boolean;
  geoipHeader: string;
  logLevel: string;
  /** Requests per minute one address may make to /api (each route may set a lower limit). */
  rateLimitPerMinute: number;
  /** Multiplies the stricter per-route limits (login, signup, reset); tests raise it. */
  rateLimitFactor: number;
  /** Folder of the built web app; the server serves it when it exists. */
  webDir: string;
}

export class ConfigError extends Error {}

/** Reads the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ZEnv.safeParse(present);
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
    seedDemo: e.SEED_DEMO ?? e.NODE_ENV !== 'production',
    trustProxy: e.TRUST_PROXY,
    geoipHeader: e.GEOIP_HEADER.toLowerCase(),
    // Request logs matter in production; on a laptop they drown the start-up message.
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'production' ? 'info' : 'warn'),
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    rateLimitFactor: e.RATE_LIMIT_FACTOR,
    webDir: resolve(import.meta.dirname, '../../dist/web'),
  };
}
