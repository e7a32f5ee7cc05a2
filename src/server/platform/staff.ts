import { randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cleanStoredText } from '../../shared/contract/text.ts';
import type { Db } from '../db/client.ts';
import { auditLog, type StaffRole, staff, staffRoles, staffSessions } from '../db/schema.ts';
import { AppError } from './errors.ts';
import { hashToken } from './session.ts';

/**
 * Staff sessions of the back office (issue 23, O-01/O-06). Staff are not members: their own table, their
 * own cookie, sent only to `/api/admin` (the member API never sees it, and the admin API never reads the
 * member's cookie). A session lives 12 hours at most and ends after 30 idle minutes. It is made after the
 * password and becomes usable once the second factor has passed (`factor_at`); dangerous actions want
 * that factor within the last 10 minutes (step-up).
 */
export const STAFF_COOKIE = 'vonk_staff';
export const STAFF_COOKIE_PATH = '/api/admin';
export const STAFF_SESSION_MS = 12 * 3_600_000;
export const STAFF_IDLE_MS = 30 * 60_000;
export const STEP_UP_MS = 10 * 60_000;
/** lastSeenAt is written at most this often per session: not one write per request. */
const SEEN_WRITE_MS = 60_000;

export const STAFF_ROLES: readonly StaffRole[] = ['admin', 'moderator', 'operator', 'support', 'finance'];

export interface StaffGrant {
  role: StaffRole;
  /** null: every site. */
  siteId: number | null;
}

/** What every admin request knows about its staff member. */
export interface StaffUser {
  id: number;
  email: string;
  name: string;
  language: string;
  sessionId: number;
  /** When the second factor last passed in this session. */
  factorAt: Date;
  grants: StaffGrant[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Admin routes: the roles that may call it (`staffOnly`). */
    staffRoles?: readonly StaffRole[];
    stepUp?: boolean;
    /** Admin routes callable without a signed-in staff session: logout and the sign-in steps. */
    staffPublic?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in staff member of an `/api/admin` request (second factor passed), else null. */
    staff: StaffUser | null;
    /** The session id of an `/api/admin` request whose password passed but second factor not yet. */
    staffPending: { sessionId: number; staffId: number } | null;
  }
}

export async function createStaffSession(
  db: Db,
  staffId: number,
  opts: { ip: string; userAgent: string; factorAt?: Date | null; now?: Date },
) {
  const now = opts.now ?? new Date();
  const token = randomBytes(32).toString('base64url');
  const [row] = await db
    .insert(staffSessions)
    .values({
      tokenHash: hashToken(token),
      staffId,
      factorAt: opts.factorAt ?? null,
      expiresAt: new Date(now.getTime() + STAFF_SESSION_MS),
      lastSeenAt: now,
      ip: cleanStoredText(opts.ip, 100),
      userAgent: cleanStoredText(opts.userAgent, 300),
    })
    .returning({ id: staffSessions.id });
  if (!row) throw new Error('no staff session');
  return { token, sessionId: row.id };
}

export function setStaffCookie(reply: FastifyReply, token: string, secure: boolean) {
  reply.setCookie(STAFF_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: STAFF_COOKIE_PATH,
    maxAge: STAFF_SESSION_MS / 1000,
  });
}

export function clearStaffCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(STAFF_COOKIE, { httpOnly: true, sameSite: 'strict', secure, path: STAFF_COOKIE_PATH });
}

/** The live session of a cookie token: not expired, not idle, staff active. */
export async function findStaffSession(db: Db, token: string, now = new Date()) {
  const [row] = await db
    .select({
      sessionId: staffSessions.id,
      staffId: staff.id,
      email: staff.email,
      name: staff.name,
      language: staff.language,
      factorAt: staffSessions.factorAt,
      lastSeenAt: staffSessions.lastSeenAt,
    })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.tokenHash, hashToken(token)),
        gt(staffSessions.expiresAt, now),
        gt(staffSessions.lastSeenAt, new Date(now.getTime() - STAFF_IDLE_MS)),
        eq(staff.status, 'active'),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function staffGrants(db: Db, staffId: number): Promise<StaffGrant[]> {
  return db
    .select({ role: staffRoles.role, siteId: staffRoles.siteId })
    .from(staffRoles)
    .where(eq(staffRoles.staffId, staffId));
}

/** Ends every session of a staff member (disabled, roles changed, password reset). */
export async function endStaffSessions(db: Db, staffId: number) {
  await db.delete(staffSessions).where(eq(staffSessions.staffId, staffId));
}

/**
 * Reads the staff cookie of every `/api/admin` request into `req.staff` (or `req.staffPending` before the
 * second factor). Other paths never look at it.
 */
export function registerStaffSessions(app: FastifyInstance) {
  app.decorateRequest('staff', null);
  app.decorateRequest('staffPending', null);
  // Before validation: who calls is settled before what they sent is read (a refused caller gets 401/403,
  // never a field error that tells them the route's shape).
  app.addHook('preValidation', async (req) => {
    if (!req.url.startsWith(`${STAFF_COOKIE_PATH}/`)) return;
    const token = req.cookies[STAFF_COOKIE];
    if (!token || token.length > 100) return;
    const now = new Date();
    const row = await findStaffSession(app.db, token, now);
    if (!row) return;
    if (now.getTime() - row.lastSeenAt.getTime() > SEEN_WRITE_MS) {
      await app.db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.id, row.sessionId));
    }
    if (!row.factorAt) {
      req.staffPending = { sessionId: row.sessionId, staffId: row.staffId };
      return;
    }
    req.staff = {
      id: row.staffId,
      email: row.email,
      name: row.name,
      language: row.language,
      sessionId: row.sessionId,
      factorAt: row.factorAt,
      grants: await staffGrants(app.db, row.staffId),
    };
  });
}

/** The signed-in staff member of a request that passed `requireStaff`. */
export function currentStaff(req: FastifyRequest): StaffUser {
  if (!req.staff) throw new AppError(401, 'staff_required', 'admin.error.staff_required');
  return req.staff;
}

/** Whether the staff member holds one of `roles` (admin holds every role) for `siteId` (or any site). */
export function hasRole(user: StaffUser, roles: readonly StaffRole[], siteId?: number | null): boolean {
  return user.grants.some(
    (g) =>
      (g.role === 'admin' || roles.includes(g.role)) &&
      (g.siteId === null || siteId === undefined || siteId === null || g.siteId === siteId),
  );
}

/**
 * The sites a staff member may act on with one of `roles`: null for every site, else the list (maybe
 * empty). Lists and queues filter by it; single objects go through `assertSite`.
 */
export function sitesFor(user: StaffUser, roles: readonly StaffRole[]): number[] | null {
  const grants = user.grants.filter((g) => g.role === 'admin' || roles.includes(g.role));
  if (grants.some((g) => g.siteId === null)) return null;
  return [...new Set(grants.map((g) => g.siteId as number))];
}

/** 403 unless the staff member holds one of `roles` on the object's site. */
export function assertSite(req: FastifyRequest, roles: readonly StaffRole[], siteId: number) {
  if (!hasRole(currentStaff(req), roles, siteId))
    throw new AppError(403, 'forbidden', 'admin.error.forbidden');
}

/**
 * preValidation of an admin route: a signed-in staff member with one of `roles` on some site (admin always);
 * with `stepUp`, whose second factor passed within the last 10 minutes (dangerous actions: ban, credits,
 * refund, settings, staff roles), else 403 `step_up_required` and the screen asks for the factor again.
 */
export function requireStaff(roles: readonly StaffRole[], opts: { stepUp?: boolean } = {}) {
  return async (req: FastifyRequest) => {
    const user = currentStaff(req);
    if (!hasRole(user, roles)) throw new AppError(403, 'forbidden', 'admin.error.forbidden');
    if (opts.stepUp && Date.now() - user.factorAt.getTime() > STEP_UP_MS) {
      throw new AppError(403, 'step_up_required', 'admin.error.step_up_required');
    }
  };
}

/**
 * The options of an admin route: `requireStaff` as its preValidation (before the body is validated), and the roles in its config, where the
 * authorisation matrix test reads them (issue 23, item 7). Every `/api/admin` route is declared with it,
 * but logout and the sign-in steps, which say `config: { staffPublic: true }` instead.
 */
export function staffOnly(roles: readonly StaffRole[], opts: { stepUp?: boolean } = {}) {
  return {
    preValidation: requireStaff(roles, opts),
    config: { staffRoles: roles, stepUp: opts.stepUp === true },
  };
}

type Conn = Pick<Db, 'insert'>;

/**
 * Writes one line of the audit log (O-06), in the caller's transaction when it gives one, so an action
 * and its record commit together. `role` is the role the action needed (the first the staff member holds).
 */
export async function writeAudit(
  db: Conn,
  req: FastifyRequest,
  entry: {
    action: string;
    objectType: string;
    objectId?: string | number | null;
    siteId?: number | null;
    roles: readonly StaffRole[];
    before?: unknown;
    after?: unknown;
    reason?: string | null;
  },
) {
  const user = currentStaff(req);
  const held =
    user.grants.find((g) => entry.roles.includes(g.role)) ?? user.grants.find((g) => g.role === 'admin');
  await db.insert(auditLog).values({
    staffId: user.id,
    staffEmail: user.email,
    role: held?.role ?? entry.roles[0] ?? 'admin',
    action: entry.action,
    objectType: entry.objectType,
    objectId: entry.objectId === undefined || entry.objectId === null ? null : String(entry.objectId),
    siteId: entry.siteId ?? null,
    before: entry.before === undefined ? null : (entry.before as object),
    after: entry.after === undefined ? null : (entry.after as object),
    reason: entry.reason ?? null,
    ip: req.ip,
  });
}

/** Audit lines written outside a staff request (the `admin:create` command, development's demo admin). */
export async function writeSystemAudit(
  db: Conn,
  entry: { action: string; objectType: string; objectId?: string | number; after?: unknown },
) {
  await db.insert(auditLog).values({
    staffId: null,
    staffEmail: 'system',
    role: 'system',
    action: entry.action,
    objectType: entry.objectType,
    objectId: entry.objectId === undefined ? null : String(entry.objectId),
    after: entry.after === undefined ? null : (entry.after as object),
    ip: '',
  });
}
