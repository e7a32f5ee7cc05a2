/** The errors of a chain (Drizzle wraps the driver's error as `cause`), outermost first. */
function* chainOf(err: unknown): Generator<{ code?: unknown; message?: unknown }> {
  for (
    let e = err as { code?: unknown; message?: unknown; cause?: unknown } | null, depth = 0;
    e && depth < 5;
    depth++
  ) {
    yield e;
    e = e.cause as typeof e;
  }
}

/**
 * True for PostgreSQL's class 22 "data exception" (a NUL byte, a character the encoding cannot hold, a
 * number out of range): input the contract should have refused, so never a server fault.
 */
export function isDataException(err: unknown): boolean {
  return hasSqlState(err, /^22[0-9A-Z]{3}$/);
}

/** Whether any error of the chain carries a SQLSTATE that the pattern matches. */
function hasSqlState(err: unknown, state: RegExp): boolean {
  for (const e of chainOf(err)) if (typeof e.code === 'string' && state.test(e.code)) return true;
  return false;
}

/** node-postgres says these without a SQLSTATE when the connection under a query went away. */
const LOST_CONNECTION =
  /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect)/;

/** Socket errors of a connection that could not be made or was cut (Node's `code`s). */
const SOCKET_FAILURE =
  /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EAI_AGAIN|EPIPE)$/;

/**
 * True when the database connection was lost or refused (the server restarted or failed over, an operator
 * ended the backend, the network dropped, the server is down): SQLSTATE class 08 and 57P01-57P03,
 * node-postgres's messages for a connection gone under a query, and a socket error under a query that
 * Drizzle ran (its `Failed query` wraps the driver's error). Nothing was wrong with the request: it may be
 * tried again. Bare socket errors are left out: they may come from another service (the media store).
 */
export function isConnectionLoss(err: unknown): boolean {
  if (hasSqlState(err, /^(08[0-9A-Z]{3}|57P0[123])$/)) return true;
  let underQuery = false;
  for (const e of chainOf(err)) {
    if (typeof e.message === 'string' && LOST_CONNECTION.test(e.message)) return true;
    if (underQuery && typeof e.code === 'string' && SOCKET_FAILURE.test(e.code)) return true;
    if (typeof e.message === 'string' && e.message.startsWith('Failed query:')) underQuery = true;
  }
  return false;
}

/** True for PostgreSQL's unique_violation, from node-postgres or PGlite, bare or wrapped by Drizzle. */
export function isUniqueViolation(err: unknown): boolean {
  return hasSqlState(err, /^23505$/);
}
