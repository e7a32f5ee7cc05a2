import { createHash, randomBytes, randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { StaffFactors } from '../../../shared/contract/admin-staff.ts';
import { cleanStoredText } from '../../../shared/contract/text.ts';
import type { Db } from '../../db/client.ts';
import {
  auditLog,
  type StaffRole,
  staff,
  staffPasskeys,
  staffRecoveryCodes,
  staffRoles,
  staffTokens,
} from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { hashToken } from '../../platform/session.ts';

/**
 * Staff sign-in and second factors (issue 23, O-01/O-06): passwords (argon2id), enrolment links, passkeys
 * (WebAuthn), one-time code apps (TOTP) and recovery codes. The HTTP side is `auth-routes.ts`.
 */

/** argon2id, 19 MiB, t=2, p=1: the members' parameters (OWASP's first recommendation). */
const ARGON = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
export const hashStaffPassword = (password: string) => hash(password, ARGON);
const verifyStaffPassword = (hashed: string, password: string) => verify(hashed, password).catch(() => false);
// Checked against when the e-mail is unknown, so a sign-in takes as long either way.
let dummyHash: Promise<string> | null = null;
const dummy = () => {
  dummyHash ??= hashStaffPassword(randomBytes(16).toString('hex'));
  return dummyHash;
};

export const STAFF_LOCKOUT = { maxFailures: 5, minutes: 15 } as const;
export const ENROL_TTL_MS = 24 * 3_600_000;
export const RECOVERY_CODE_COUNT = 10;
const RP_NAME = 'Vonk back office';
const TOTP_ISSUER = 'Vonk back office';

type Conn = Pick<Db, 'insert' | 'update' | 'select' | 'delete'>;

/** One audit line of a sign-in step, written without a signed-in staff member (O-06). */
export async function writeAuthAudit(
  db: Conn,
  req: FastifyRequest,
  entry: {
    staffId: number | null;
    email: string;
    action: string;
    objectId?: number | null;
    after?: unknown;
  },
) {
  const grants =
    entry.staffId === null
      ? []
      : await db
          .select({ role: staffRoles.role })
          .from(staffRoles)
          .where(eq(staffRoles.staffId, entry.staffId));
  await db.insert(auditLog).values({
    staffId: entry.staffId,
    staffEmail: cleanStoredText(entry.email, 254),
    role: grants.find((g) => g.role === 'admin')?.role ?? grants[0]?.role ?? 'none',
    action: entry.action,
    objectType: 'staff',
    objectId: entry.objectId === undefined || entry.objectId === null ? null : String(entry.objectId),
    after: entry.after === undefined ? null : (entry.after as object),
    ip: req.ip,
  });
}

// ------------------------------------------------------------------ password and lockout

function lockedError(until: Date, now: Date) {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
  return new AppError(429, 'staff_locked', 'admin.auth.error.locked', {
    values: { minutes },
    details: { minutes },
  });
}
const signInFailed = () => new AppError(401, 'sign_in_failed', 'admin.auth.error.sign_in_failed');

/**
 * Counts a wrong password or second factor: the fifth in a row locks the account for 15 minutes. One
 * conditional update, so parallel wrong attempts cannot slip past the lock.
 */
async function recordFailure(db: Db, staffId: number, now: Date) {
  const until = new Date(now.getTime() + STAFF_LOCKOUT.minutes * 60_000);
  const reaches = sql`${staff.failedLogins} + 1 >= ${STAFF_LOCKOUT.maxFailures}`;
  const [row] = await db
    .update(staff)
    .set({
      failedLogins: sql`case when ${reaches} then 0 else ${staff.failedLogins} + 1 end`,
      lockedUntil: sql`case when ${reaches} then ${until.toISOString()}::timestamptz else null end`,
    })
    .where(and(eq(staff.id, staffId), or(isNull(staff.lockedUntil), lte(staff.lockedUntil, now))))
    .returning({ lockedUntil: staff.lockedUntil });
  if (row) return row.lockedUntil;
  const [current] = await db
    .select({ lockedUntil: staff.lockedUntil })
    .from(staff)
    .where(eq(staff.id, staffId));
  return current?.lockedUntil ?? null;
}

/** A right answer clears the count, unless a parallel wrong one locked the account meanwhile (false). */
async function recordSuccess(db: Db, staffId: number, now: Date) {
  const rows = await db
    .update(staff)
    .set({ failedLogins: 0, lockedUntil: null })
    .where(and(eq(staff.id, staffId), or(isNull(staff.lockedUntil), lte(staff.lockedUntil, now))))
    .returning({ id: staff.id });
  return rows.length > 0;
}

/** 429 while the account is locked. */
export async function assertNotLocked(db: Db, staffId: number, now: Date) {
  const [row] = await db.select({ lockedUntil: staff.lockedUntil }).from(staff).where(eq(staff.id, staffId));
  if (row?.lockedUntil && row.lockedUntil > now) throw lockedError(row.lockedUntil, now);
}

/** A wrong second factor: counted like a wrong password; 429 once that locks the account. */
export async function failFactor(db: Db, staffId: number, now: Date, error: AppError): Promise<never> {
  const lockedUntil = await recordFailure(db, staffId, now);
  if (lockedUntil && lockedUntil > now) throw lockedError(lockedUntil, now);
  throw error;
}

export async function clearFailures(db: Db, staffId: number, now: Date) {
  if (!(await recordSuccess(db, staffId, now))) await assertNotLocked(db, staffId, now);
}

/**
 * Checks e-mail and password. The same 401 for an unknown e-mail, a wrong password and an account that
 * is not active (invited or disabled), so the answer does not tell which accounts exist.
 */
export async function checkStaffPassword(
  db: Db,
  email: string,
  password: string,
  now: Date,
): Promise<{ id: number; email: string; outcome: 'ok' } | { id: number | null; outcome: AppError }> {
  const [row] = await db
    .select()
    .from(staff)
    .where(sql`lower(${staff.email}) = ${email.toLowerCase()}`)
    .limit(1);
  if (!row?.passwordHash) {
    await verifyStaffPassword(await dummy(), password);
    return { id: row?.id ?? null, outcome: signInFailed() };
  }
  if (row.lockedUntil && row.lockedUntil > now)
    return { id: row.id, outcome: lockedError(row.lockedUntil, now) };
  if (!(await verifyStaffPassword(row.passwordHash, password))) {
    const lockedUntil = await recordFailure(db, row.id, now);
    return {
      id: row.id,
      outcome: lockedUntil && lockedUntil > now ? lockedError(lockedUntil, now) : signInFailed(),
    };
  }
  if (row.status !== 'active') return { id: row.id, outcome: signInFailed() };
  // The password is right, but the failure count stays until the second factor has passed too: a
  // guessed password alone does not reset the count of wrong codes.
  return { id: row.id, email: row.email, outcome: 'ok' };
}

export function assertPasswordRules(password: string) {
  if ([...password].length < 12)
    throw new AppError(400, 'password_short', 'admin.auth.error.password_short', { values: { min: 12 } });
}

// ------------------------------------------------------------------ enrolment links

/**
 * A new enrolment link for a staff member (24 hours, single use): the sha256 of the token is stored,
 * earlier links of the same member stop working. Returns the token, which is shown once.
 */
export async function createEnrolToken(db: Conn, staffId: number, now = new Date()) {
  const token = randomBytes(32).toString('base64url');
  await db.delete(staffTokens).where(and(eq(staffTokens.staffId, staffId), isNull(staffTokens.usedAt)));
  const expiresAt = new Date(now.getTime() + ENROL_TTL_MS);
  await db.insert(staffTokens).values({ staffId, tokenHash: hashToken(token), purpose: 'enrol', expiresAt });
  return { token, expiresAt };
}

export const enrolUrl = (origin: string, token: string) =>
  `${origin.replace(/\/+$/, '')}/admin/enrol/${token}`;

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,100}$/;

/** The staff member and token row of a live enrolment link, else 404. */
export async function findEnrolment(db: Db, token: string, now = new Date()) {
  if (!TOKEN_SHAPE.test(token)) throw enrolInvalid();
  const [row] = await db
    .select({
      tokenId: staffTokens.id,
      challenge: staffTokens.challenge,
      pendingTotpSecret: staffTokens.pendingTotpSecret,
      staffId: staff.id,
      email: staff.email,
      name: staff.name,
      passwordHash: staff.passwordHash,
      status: staff.status,
    })
    .from(staffTokens)
    .innerJoin(staff, eq(staff.id, staffTokens.staffId))
    .where(
      and(
        eq(staffTokens.tokenHash, hashToken(token)),
        eq(staffTokens.purpose, 'enrol'),
        isNull(staffTokens.usedAt),
        gt(staffTokens.expiresAt, now),
      ),
    )
    .limit(1);
  if (row?.status !== 'invited') throw enrolInvalid();
  return row;
}
export type Enrolment = Awaited<ReturnType<typeof findEnrolment>>;

const enrolInvalid = () => new AppError(404, 'enrol_invalid', 'admin.auth.error.enrol_invalid');

/**
 * Makes a staff member with an enrolment link: status invited until the link is used. 409 when the
 * e-mail address is taken.
 */
export async function createStaffMember(
  db: Db,
  input: {
    email: string;
    name: string;
    grants: { role: StaffRole; siteId: number | null }[];
    createdBy: number | null;
    language?: string;
  },
  now = new Date(),
) {
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: staff.id })
      .from(staff)
      .where(sql`lower(${staff.email}) = ${input.email.toLowerCase()}`);
    if (taken) throw new AppError(409, 'email_taken', 'admin.staff.error.email_taken');
    const [row] = await tx
      .insert(staff)
      .values({
        email: input.email,
        name: input.name,
        status: 'invited',
        createdBy: input.createdBy,
        language: input.language ?? 'nl',
      })
      .returning({ id: staff.id, email: staff.email, name: staff.name });
    if (!row) throw new Error('no staff row');
    const grants = uniqueGrants(input.grants);
    if (grants.length > 0)
      await tx
        .insert(staffRoles)
        .values(grants.map((g) => ({ staffId: row.id, role: g.role, siteId: g.siteId })));
    const link = await createEnrolToken(tx, row.id, now);
    return { ...row, grants, ...link };
  });
}

/** The same grant named twice counts once (the unique index would refuse it). */
export function uniqueGrants<G extends { role: StaffRole; siteId: number | null }>(grants: G[]): G[] {
  const seen = new Set<string>();
  return grants.filter((g) => {
    const key = `${g.role}:${g.siteId ?? 0}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The first admin (`npm run admin:create`) and development's demo admin: an admin for every site with a
 * fresh enrolment link. An existing account that has not enrolled yet gets a new link; an enrolled one
 * is left alone (`existing: 'active'`), so the command never takes over a working account.
 */
export async function createAdmin(
  db: Db,
  input: { email: string; name?: string },
  now = new Date(),
): Promise<{
  id: number;
  email: string;
  token: string | null;
  existing: null | 'invited' | 'active' | 'disabled';
}> {
  const [row] = await db
    .select({ id: staff.id, email: staff.email, status: staff.status })
    .from(staff)
    .where(sql`lower(${staff.email}) = ${input.email.toLowerCase()}`);
  if (row) {
    if (row.status !== 'invited') return { id: row.id, email: row.email, token: null, existing: row.status };
    const { token } = await createEnrolToken(db, row.id, now);
    return { id: row.id, email: row.email, token, existing: 'invited' };
  }
  const made = await createStaffMember(
    db,
    {
      email: input.email,
      name: input.name ?? input.email.split('@')[0] ?? 'Admin',
      grants: [{ role: 'admin', siteId: null }],
      createdBy: null,
    },
    now,
  );
  await db.insert(auditLog).values({
    staffId: null,
    staffEmail: 'system',
    role: 'system',
    action: 'staff.create',
    objectType: 'staff',
    objectId: String(made.id),
    after: { email: made.email, name: made.name, grants: made.grants, status: 'invited' },
    ip: '',
  });
  return { id: made.id, email: made.email, token: made.token, existing: null };
}

// ------------------------------------------------------------------ recovery codes

const CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const normaliseRecovery = (code: string) => code.toLowerCase().replace(/[\s-]+/g, '');
const hashRecovery = (code: string) => createHash('sha256').update(normaliseRecovery(code)).digest('hex');

function newRecoveryCode() {
  let s = '';
  for (let i = 0; i < 10; i++) s += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return `${s.slice(0, 5)}-${s.slice(5)}`;
}

/** Replaces a staff member's recovery codes by ten new ones; returns them (shown once). */
export async function replaceRecoveryCodes(db: Conn, staffId: number) {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
  await db.insert(staffRecoveryCodes).values(codes.map((c) => ({ staffId, codeHash: hashRecovery(c) })));
  return codes;
}

/** Uses a recovery code once: true when it was one of the member's unused codes. */
export async function useRecoveryCode(db: Db, staffId: number, code: string, now: Date) {
  const rows = await db
    .update(staffRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(staffRecoveryCodes.staffId, staffId),
        eq(staffRecoveryCodes.codeHash, hashRecovery(code)),
        isNull(staffRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: staffRecoveryCodes.id });
  return rows.length > 0;
}

// ------------------------------------------------------------------ TOTP

const totpFor = (secret: string, email: string) =>
  new TOTP({
    issuer: TOTP_ISSUER,
    label: email,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret),
  });

/** A new TOTP secret with its otpauth:// address and QR code (PNG data: URL) for the app to scan. */
export async function newTotpSetup(email: string) {
  const secret = new Secret({ size: 20 }).base32;
  const uri = totpFor(secret, email).toString();
  const qr = await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
  return { secret, uri, qr };
}

/**
 * The time step a code belongs to (this, the previous or the next 30 s), or null when it is wrong. A
 * step is accepted once: see `claimTotpStep`.
 */
export function totpStep(secret: string, email: string, code: string, now: Date): number | null {
  const totp = totpFor(secret, email);
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return totp.counter({ timestamp: now.getTime() }) + delta;
}

/** Records a TOTP step as used: false when this step or a later one was used already (a replayed code). */
export async function claimTotpStep(db: Conn, staffId: number, step: number) {
  const rows = await db
    .update(staff)
    .set({ totpLastStep: step })
    .where(and(eq(staff.id, staffId), or(isNull(staff.totpLastStep), sql`${staff.totpLastStep} < ${step}`)))
    .returning({ id: staff.id });
  return rows.length > 0;
}

/** Checks a code of the staff member's enrolled app and uses its step. */
export async function verifyTotp(db: Db, staffId: number, code: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ secret: staff.totpSecret, email: staff.email })
    .from(staff)
    .where(eq(staff.id, staffId));
  if (!row?.secret) return false;
  const step = totpStep(row.secret, row.email, code, now);
  if (step === null) return false;
  return claimTotpStep(db, staffId, step);
}

// ------------------------------------------------------------------ passkeys (WebAuthn)

/** Where WebAuthn runs: the host the staff member opened (without port) and its origin. */
export function relyingParty(req: FastifyRequest) {
  return { rpID: req.hostname, origin: `${req.protocol}://${req.host}` };
}

export async function registrationOptions(
  db: Db,
  req: FastifyRequest,
  who: { staffId: number; email: string; name: string },
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await db
    .select({ id: staffPasskeys.credentialId, transports: staffPasskeys.transports })
    .from(staffPasskeys)
    .where(eq(staffPasskeys.staffId, who.staffId));
  return generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: relyingParty(req).rpID,
    userName: who.email,
    userDisplayName: who.name,
    userID: new TextEncoder().encode(`vonk-staff-${who.staffId}`),
    attestationType: 'none',
    excludeCredentials: existing.map((c) => ({ id: c.id, transports: c.transports })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
}

const passkeyFailed = () => new AppError(400, 'passkey_failed', 'admin.auth.error.passkey_failed');

/** Verifies a new passkey against the stored challenge; the credential to store, or 400. */
export async function verifyRegistration(req: FastifyRequest, response: unknown, challenge: string | null) {
  if (!challenge) throw passkeyFailed();
  const { rpID, origin } = relyingParty(req);
  const result = await verifyRegistrationResponse({
    response: response as RegistrationResponseJSON,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: false,
  }).catch((err: Error) => {
    req.log.info({ err: err.message }, 'passkey registration refused');
    return null;
  });
  if (!result?.verified) throw passkeyFailed();
  const { credential } = result.registrationInfo;
  return {
    credentialId: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: (credential.transports ?? []).map(String).slice(0, 10),
  };
}

export async function authenticationOptions(
  db: Db,
  req: FastifyRequest,
  staffId: number,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const keys = await db
    .select({ id: staffPasskeys.credentialId, transports: staffPasskeys.transports })
    .from(staffPasskeys)
    .where(eq(staffPasskeys.staffId, staffId));
  if (keys.length === 0) throw new AppError(400, 'no_passkey', 'admin.auth.error.no_passkey');
  return generateAuthenticationOptions({
    rpID: relyingParty(req).rpID,
    allowCredentials: keys.map((k) => ({ id: k.id, transports: k.transports })),
    userVerification: 'preferred',
  });
}

/** Verifies a passkey assertion of the staff member against the stored challenge; true when it passed. */
export async function verifyAuthentication(
  db: Db,
  req: FastifyRequest,
  staffId: number,
  response: { id: string },
  challenge: string | null,
  now: Date,
): Promise<boolean> {
  if (!challenge) return false;
  const [key] = await db
    .select()
    .from(staffPasskeys)
    .where(and(eq(staffPasskeys.staffId, staffId), eq(staffPasskeys.credentialId, response.id)));
  if (!key) return false;
  const { rpID, origin } = relyingParty(req);
  const result = await verifyAuthenticationResponse({
    response: response as AuthenticationResponseJSON,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    credential: {
      id: key.credentialId,
      publicKey: new Uint8Array(Buffer.from(key.publicKey, 'base64url')),
      counter: key.counter,
      transports: key.transports,
    },
    requireUserVerification: false,
  }).catch((err: Error) => {
    req.log.info({ err: err.message }, 'passkey assertion refused');
    return null;
  });
  if (!result?.verified) return false;
  await db
    .update(staffPasskeys)
    .set({ counter: result.authenticationInfo.newCounter, lastUsedAt: now })
    .where(eq(staffPasskeys.id, key.id));
  return true;
}

/** Which second factors a staff member has. */
export async function factorsOf(db: Db, staffId: number): Promise<StaffFactors> {
  const [[row], [key]] = await Promise.all([
    db.select({ secret: staff.totpSecret }).from(staff).where(eq(staff.id, staffId)),
    db
      .select({ id: staffPasskeys.id })
      .from(staffPasskeys)
      .where(eq(staffPasskeys.staffId, staffId))
      .limit(1),
  ]);
  return { passkey: !!key, totp: !!row?.secret };
}

export const DEMO_ADMIN_EMAIL = 'admin@vonk.test';

/**
 * Development's demo admin (never in production: `main.ts` asks only outside it): made when missing, and
 * while it has not enrolled, a new enrolment link on every start. The line to print beside the demo member.
 */
export async function demoAdminLine(db: Db, origin: string): Promise<string> {
  const made = await createAdmin(db, { email: DEMO_ADMIN_EMAIL, name: 'Demo admin' });
  if (!made.token) return `Demo admin: ${DEMO_ADMIN_EMAIL} (enrolled; sign in at ${origin}/admin/login)`;
  return `Demo admin: ${DEMO_ADMIN_EMAIL}, enrol (once, 24 h) at ${enrolUrl(origin, made.token)}`;
}
