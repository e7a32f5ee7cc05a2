// Staff second factors: recovery codes, one-time code apps (TOTP) and passkeys (WebAuthn) (O-01).
import { createHash, randomInt } from 'node:crypto';
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
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { StaffFactors } from '../../../shared/contract/admin-staff.ts';
import type { Db } from '../../db/client.ts';
import { staff, staffPasskeys, staffRecoveryCodes } from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import type { Conn } from './auth-password.ts';
export const RECOVERY_CODE_COUNT = 10;
const RP_NAME = 'Vonk back office';
const TOTP_ISSUER = 'Vonk back office';
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
