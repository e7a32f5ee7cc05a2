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
    if (err instanceof AppError) return reply.status(err.status).send(appErrorBody(err, locale, values));
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const issue of err.validation) {
        const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        fields[path] ??= fieldMessage(locale, issue.message ?? '', values);
      }
      return reply
        .status(400)
        .send({ error: { code: 'validation', message: t(locale, 'error.validation'), fields } });
    }
    if (isDataException(err)) {
      // Issue 10 item 5: a string the contract let through must still not become a 500.
      req.log.warn({ code: (err as { code?: string }).code }, 'database refused input');
      return reply
        .status(400)
        .send({ error: { code: 'bad_request', message: t(locale, 'error.bad_request') } });
    }
    if (isConnectionLoss(err)) {
      // The database went away under the request (restart, failover): try again, not a fault of the app.
      req.log.warn({ err: (err as Error).message }, 'database connection lost');
      return reply.status(503).header('retry-after', '1').send(unavailableBody(locale));
    }
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) req.log.error({ err }, 'unhandled error');
    const code = status === 429 ? 'rate_limited' : status === 500 ? 'internal' : (err.code ?? 'bad_request');
    const messageId =
      status === 429
        ? 'error.rate_limited'
        : status === 413
          ? 'error.too_large'
          : status === 500
            ? 'error.general'
            : 'error.bad_request';
    return reply.status(status).send({ error: { code, message: t(locale, messageId) } });
  });
}
