import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { Locale } from '../../shared/i18n/locales.ts';
import { isConnectionLoss, isDataException } from '../db/errors.ts';
import { t } from './i18n.ts';

/**
 * An expected failure with a status, a stable code and a catalog message id. The error handler turns it
 * into the one error shape, with the text in the caller's locale.
 */
export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  readonly messageId: string;
  readonly values: Record<string, string | number> | undefined;
  readonly details: Record<string, unknown> | undefined;

  constructor(
    status: number,
    code: string,
    messageId: string,
    opts: { values?: Record<string, string | number>; details?: Record<string, unknown> } = {},
  ) {
    super(code);
    this.status = status;
    this.code = code;
    this.messageId = messageId;
    this.values = opts.values;
    this.details = opts.details;
  }
}

/** Zod messages in our schemas are catalog ids; anything else falls back to the generic field text. */
function fieldMessage(locale: Locale, message: string, values: Record<string, string | number>): string {
  return /^[a-z_]+(\.[a-z_]+)+$/.test(message)
    ? t(locale, message, values)
    : t(locale, 'error.invalid_field');
}

/** The one error shape of an AppError, texts in the locale (HTTP answers and real-time nacks). */
export function appErrorBody(err: AppError, locale: Locale, values: Record<string, string | number>) {
  const { fieldIds, ...details } = (err.details ?? {}) as { fieldIds?: Record<string, string> };
  const fields = fieldIds
    ? Object.fromEntries(Object.entries(fieldIds).map(([k, id]) => [k, fieldMessage(locale, id, values)]))
    : undefined;
  return {
    error: {
      code: err.code,
      message: t(locale, err.messageId, { ...values, ...err.values }),
      ...(fields ? { fields } : {}),
      ...details,
    },
  };
}

/** The answer while the database cannot be reached: 503, try again shortly (HTTP and real-time nacks). */
export const unavailableBody = (locale: Locale) => ({
  error: { code: 'unavailable', message: t(locale, 'error.general') },
});

/** A zod issue as both transports see it: where it is, and its catalog message id. */
export interface FieldIssue {
  path: string;
  message?: string;
}

/** 400 `validation` with one localised message per field (the first issue of each): HTTP bodies and nacks. */
export function validationBody(
  locale: Locale,
  issues: FieldIssue[],
  values: Record<string, string | number>,
) {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.path || '_'] ??= fieldMessage(locale, issue.message ?? '', values);
  return { error: { code: 'validation', message: t(locale, 'error.validation'), fields } };
}

/** An error on the wire: the status, the one error shape, and whether to say when to try again. */
export interface WireError {
  status: number;
  body: { error: { code: string; message: string } & Record<string, unknown> };
  retryAfter?: number;
  /** Not the caller's fault: worth a log line. */
  log?: 'warn' | 'error';
}

/**
 * The one mapping of errors to the wire, for HTTP answers (the error handler) and for real-time `nack`s:
 * an AppError as it says, zod field errors as 400 `validation`, a PostgreSQL data exception as 400 (issue 10
 * item 5: a string the contract let through must still not become a 500), a lost database connection as
 * 503 (try again: not a fault of the app), a framework 4xx as its status, anything else as 500.
 */
export function wireError(err: unknown, locale: Locale, values: Record<string, string | number>): WireError {
  if (err instanceof AppError) return { status: err.status, body: appErrorBody(err, locale, values) };
  if (hasZodFastifySchemaValidationErrors(err)) {
    const issues = err.validation.map((issue) => ({
      path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
      message: issue.message,
    }));
    return { status: 400, body: validationBody(locale, issues, values) };
  }
  if (isDataException(err)) {
    return {
      status: 400,
      body: { error: { code: 'bad_request', message: t(locale, 'error.bad_request') } },
      log: 'warn',
    };
  }
  if (isConnectionLoss(err))
    return { status: 503, body: unavailableBody(locale), retryAfter: 1, log: 'warn' };
  const statusCode = (err as { statusCode?: number }).statusCode;
  const status = statusCode && statusCode >= 400 && statusCode < 500 ? statusCode : 500;
  const code =
    status === 429
      ? 'rate_limited'
      : status === 500
        ? 'internal'
        : ((err as { code?: string }).code ?? 'bad_request');
  const messageId =
    status === 429
      ? 'error.rate_limited'
      : status === 413
        ? 'error.too_large'
        : status === 500
          ? 'error.general'
          : 'error.bad_request';
  return {
    status,
    body: { error: { code, message: t(locale, messageId) } },
    ...(status === 500 ? { log: 'error' as const } : {}),
  };
}

/**
 * Turns every error into the one error shape, texts in the caller's locale. `contextOf` gives the locale
 * and the values messages may name (the site's min_age).
 */
export function registerErrorHandler(
  app: FastifyInstance,
  contextOf: (req: FastifyRequest) => Promise<{ locale: Locale; values: Record<string, string | number> }>,
) {
  app.setErrorHandler(async (err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    const { locale, values } = await contextOf(req);
    const wire = wireError(err, locale, values);
    if (wire.log === 'error') req.log.error({ err }, 'unhandled error');
    else if (wire.log === 'warn') {
      req.log.warn(
        isConnectionLoss(err) ? { err: (err as Error).message } : { code: (err as { code?: string }).code },
        isConnectionLoss(err) ? 'database connection lost' : 'database refused input',
      );
    }
    if (wire.retryAfter) reply.header('retry-after', String(wire.retryAfter));
    return reply.status(wire.status).send(wire.body);
  });
}
