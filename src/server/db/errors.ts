/**
 * True for PostgreSQL's class 22 "data exception" (a NUL byte, a character the encoding cannot hold, a
 * number out of range): input the contract should have refused, so never a server fault.
 */
export function isDataException(err: unknown): boolean {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = typeof e?.code === 'string' ? e.code : typeof e?.cause?.code === 'string' ? e.cause.code : '';
  return /^22[0-9A-Z]{3}$/.test(code);
}

/** True for PostgreSQL's unique_violation, from node-postgres or PGlite, bare or wrapped by Drizzle. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}
