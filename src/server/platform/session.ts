import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cleanStoredText } from '../../shared/contract/text.ts';
import { RULES } from '../../shared/rules.ts';
import type { Db } from '../db/client.ts';
import { sessions, users } from '../db/schema.ts';
import { AppError } from './errors.ts';

export const SESSION_COOKIE = 'vonk_session';
const SESSION_MS = RULES.cookies.authDays * 86_400_000;

/** What every authenticated request knows about its member. */
export interface SessionUser {
  id: number;
  siteId: number;
  sessionId: number;
  status: 'not_confirmed' | 'confirmed' | 'banned';
  paidUser: boolean;
  language: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
  interface FastifyInstance {
    /** preHandler: 403 with authentication_required unless a member is logged in (spec §8). */
    requireUser(req: FastifyRequest): Promise<void>;
  }
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createSession(db: Db, userId: number, userAgent: string, now = new Date()) {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(now.getTime() + SESSION_MS),
    userAgent: cleanStoredText(userAgent, 300),
  });
  return token;
}

export async function findSessionUser(
  db: Db,
  token: string,
  now = new Date(),
): Promise<(SessionUser | (Omit<SessionUser, 'status'> & { status: 'deleted' })) | null> {
  const [row] = await db
    .select({
      id: users.id,
      siteId: users.siteId,
      sessionId: sessions.id,
      status: users.status,
      paidUser: users.paidUser,
      language: users.language,
      deletedAt: users.deletedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, now)))
    .limit(1);
  if (!row) return null;
  const { deletedAt, ...user } = row;
  // A deleted account has no session until it is reactivated by a login.
  return deletedAt ? { ...user, status: 'deleted' as const } : user;
}

/** A session's standing: its member may act, is banned, or the session is gone (logout, expiry, deletion). */
export type Standing = 'ok' | 'banned' | 'ended';

/**
 * The standing of each of these sessions, by the database's one rule (`session_standing()`,
 * db/functions/session_standing.sql, which chat_send() applies to a socket's sends too): `ok` while the
 * session exists, has not expired and its member is neither deleted nor banned; sessions missing from the
 * answer have ended (their sockets are closed).
 */
export async function sessionStandings(db: Db, ids: number[]): Promise<Map<number, Standing>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: sessions.id, standing: sql<Standing>`session_standing(${sessions.id})` })
    .from(sessions)
    .where(inArray(sessions.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.standing]));
}

export async function deleteSession(db: Db, sessionId: number) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of a member, or every one but the current. */
export async function deleteSessionsOf(db: Db, userId: number, exceptSessionId?: number) {
  await db
    .delete(sessions)
    .where(
      exceptSessionId === undefined
        ? eq(sessions.userId, userId)
        : and(eq(sessions.userId, userId), sql`${sessions.id} <> ${exceptSessionId}`),
    );
}

export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean) {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: SESSION_MS / 1000,
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure, path: '/' });
}

/**
 * The session behind a cookie as every API request reads it: its member, or the session id of a banned
 * member. A deleted member's session is ended here.
 */
export async function readSession(
  db: Db,
  token: string | undefined,
): Promise<{ user: SessionUser | null; bannedSession: number | null }> {
  const none = { user: null, bannedSession: null };
  if (!token || token.length > 100) return none;
  const user = await findSessionUser(db, token);
  if (!user) return none;
  if (user.status === 'banned') return { user: null, bannedSession: user.sessionId };
  if (user.status === 'deleted') {
    await deleteSession(db, user.sessionId);
    return none;
  }
  return { user: user as SessionUser, bannedSession: null };
}

/**
 * Reads the session cookie of every API request into req.user. Deleted members have no session: theirs
 * is ended here. A banned member's session is kept but never logs in: every call that needs a member
 * answers 403 `banned`, and GET /api/user.php too, however many requests race and whichever comes
 * first, so the web client always lands on /pages/ban instead of a silent logout. Logging out
 * ends it.
 */
export function registerSessions(app: FastifyInstance) {
  app.decorateRequest('user', null);
  app.addHook('preHandler', async (req) => {
    if (!req.url.startsWith('/api/') && !req.url.startsWith('/media/private/')) return;
    const session = await readSession(app.db, req.cookies[SESSION_COOKIE]);
    req.user = session.user;
    req.bannedSession = session.bannedSession;
  });
  app.decorateRequest('bannedSession', null);
  app.decorate('requireUser', async (req: FastifyRequest) => {
    if (!req.user) {
      if (req.bannedSession !== null)
        throw new AppError(403, 'banned', 'auth.banned', { details: { authentication_required: true } });
      throw new AppError(403, 'authentication_required', 'auth.required', {
        details: { authentication_required: true },
      });
    }
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The session id when the cookie belongs to a banned member; null otherwise. */
    bannedSession: number | null;
  }
}

/** The member of a request that passed requireUser. */
export function currentUser(req: FastifyRequest): SessionUser {
  if (!req.user)
    throw new AppError(403, 'authentication_required', 'auth.required', {
      details: { authentication_required: true },
    });
  return req.user;
}
