import { z } from 'zod';

/** A database id (a PostgreSQL integer). */
export const ZId = z.number().int().positive().max(2_147_483_647);

/**
 * An id in a path or a query: decimal digits only. `Number()` also reads `1e3`, `0x10`, ` 7 ` and `+7`, so
 * one member or chat answered at many addresses (and caches and logs saw them as different ones).
 */
export const ZIdParam = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/)
  .transform(Number)
  .pipe(ZId);
