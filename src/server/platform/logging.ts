import type { FastifyRequest } from 'fastify';
import { type DestinationStream, type LoggerOptions, stdSerializers } from 'pino';
import type { Config } from '../config.ts';

/**
 * What a log line never carries: SQL parameters (e-mail addresses, password hashes, tokens), secrets and
 * personal data. Structured fields with these names are censored by pino's `redact`; errors go through
 * `scrubError`, because database errors repeat the parameters in their message, stack and detail.
 */
const SECRET_FIELDS = [
  'password',
  'old_password',
  'new_password',
  'passwordHash',
  'password_hash',
  'token',
  'tokenHash',
  'token_hash',
  'secret',
  'email',
  'newEmail',
  'new_email',
  'to',
  'authorization',
  'cookie',
  'params',
];
/** Error fields that hold query values: node-postgres' `detail` ("Failing row contains (...)"), drizzle's `params`. */
const ERROR_FIELDS_DROPPED = new Set(['params', 'parameters', 'queryParams', 'detail', 'queryOptions']);

const EMAIL = /[\p{L}\p{N}._%+'-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/gu;
const ARGON_HASH = /\$argon2(?:id|i|d)\$[^\s,'")]+/g;
const LONG_HEX = /\b[0-9a-f]{32,}\b/gi;
// Drizzle puts the parameters after the query: "Failed query: ...\nparams: a@b.c,$argon2id$..."
const PARAMS_LINE = /\nparams: [\s\S]*?(?=\n\s+at |$)/g;

export function scrubText(text: string): string {
  return text
    .replace(PARAMS_LINE, '\nparams: [redacted]')
    .replace(ARGON_HASH, '[hash]')
    .replace(EMAIL, '[email]')
    .replace(LONG_HEX, '[hex]');
}

function scrub(value: unknown, seen: WeakSet<object>, depth: number): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value === null || typeof value !== 'object' || depth > 6) return value;
  if (seen.has(value)) return '[circular]';
  seen.add(value);
  if (Array.isArray(value)) return value.map((v) => scrub(v, seen, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    out[key] = ERROR_FIELDS_DROPPED.has(key) ? '[redacted]' : scrub(v, seen, depth + 1);
  }
  return out;
}

/** pino's error serializer, then every query value taken out (also from causes). */
export function scrubError(err: Error): unknown {
  return scrub(stdSerializers.err(err), new WeakSet(), 0);
}

/** The logger options of the app: level, redaction, serializers; `stream` lets tests read the lines. */
export function loggerOptions(
  config: Config,
  stream?: DestinationStream,
): LoggerOptions & { stream?: DestinationStream } {
  return {
    level: stream ? 'info' : config.env === 'test' ? 'silent' : config.logLevel,
    redact: {
      paths: [
        ...SECRET_FIELDS,
        ...SECRET_FIELDS.map((f) => `*.${f}`),
        'req.headers.cookie',
        'req.headers.authorization',
      ],
      censor: '[redacted]',
    },
    serializers: {
      // Query strings can carry one-time tokens (activation links): never log them.
      req: (req: FastifyRequest) => ({ method: req.method, url: req.url.split('?')[0], id: req.id }),
      err: scrubError,
    },
    ...(stream ? { stream } : {}),
  };
}
