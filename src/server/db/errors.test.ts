import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { isConnectionLoss } from './errors.ts';

const socketError = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code });

describe('database errors', () => {
  it('P-16 a database that refuses or drops connections under a query counts as lost (503), another service’s socket error does not', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT'])
      expect(isConnectionLoss(new DrizzleQueryError('select 1', [], socketError(code)))).toBe(true);
    // The media store or a mail server failing the same way is not the database.
    expect(isConnectionLoss(socketError('ECONNREFUSED'))).toBe(false);
    // A query that failed for its own reasons stays what it is.
    const syntax = Object.assign(new Error('syntax error'), { code: '42601' });
    expect(isConnectionLoss(new DrizzleQueryError('selec 1', [], syntax))).toBe(false);
    expect(isConnectionLoss(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe(
      true,
    );
  });
});
