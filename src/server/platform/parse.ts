import type { z } from 'zod';
import { AppError } from './errors.ts';

/**
 * Parses a body with a schema chosen in the service or handler (the site's minimum age; one path, two uses
 * as `POST /api/user.php` and `?push=1`): the same 400 with localised field messages as a route schema.
 */
export function parseRequest<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  throw new AppError(400, 'validation', 'error.validation', { details: { fieldIds: fields } });
}
