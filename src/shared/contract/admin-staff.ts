import { z } from 'zod';
import { ZEmail } from './accounts.ts';
import { isVisibleName, zLine, zSecret } from './text.ts';

// The back office's staff sign-in, second factors, staff management and audit log (issue 23, O-01/O-06).

export const STAFF_ROLE_NAMES = ['admin', 'moderator', 'operator', 'support', 'finance'] as const;
export const ZStaffRole = z.enum(STAFF_ROLE_NAMES);

/** Shortest staff password (argon2id, like members', but longer: staff can do much more). */
export const STAFF_PASSWORD_MIN = 12;

export const ZStaffEmail = ZEmail;
export const ZStaffName = zLine(80, { min: 1 }).refine(isVisibleName, {
  message: 'validation.text_characters',
});
/** A password as typed, byte for byte; its length rule is checked by the server with its own text. */
export const ZStaffPassword = zSecret(256, { min: 1 });

/** A TOTP code (6 digits; spaces people type are dropped) or a recovery code (letters, digits, dashes). */
export const ZTotpCode = zLine(20)
  .transform((v) => v.replace(/\s+/g, ''))
  .refine((v) => /^\d{6}$/.test(v), { message: 'validation.required' });
export const ZRecoveryCode = zLine(40).refine((v) => /^[a-z0-9 -]{8,40}$/i.test(v), {
  message: 'validation.required',
});

/** A WebAuthn response as `@simplewebauthn/browser` gives it; the server library checks every field. */
export const ZWebAuthnResponse = z
  .object({
    id: z.string().max(1024),
    rawId: z.string().max(1024),
    type: z.literal('public-key'),
    response: z.record(z.string(), z.unknown()),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
    authenticatorAttachment: z.string().max(40).optional(),
  })
  .passthrough();

export const ZStaffLoginRequest = z.object({ email: ZStaffEmail, password: ZStaffPassword });

/** Which second factors a staff member has enrolled. */
export const ZStaffFactors = z.object({ passkey: z.boolean(), totp: z.boolean() });
export type StaffFactors = z.infer<typeof ZStaffFactors>;

export const ZEnrolState = z.object({
  email: z.string(),
  name: z.string(),
  /** Whether the password step is done (then the second factor is next). */
  passwordSet: z.boolean(),
});
export type EnrolState = z.infer<typeof ZEnrolState>;

export const ZEnrolPasswordRequest = z.object({ name: ZStaffName, password: ZStaffPassword });

export const ZTotpSetup = z.object({
  secret: z.string(),
  uri: z.string(),
  /** The QR code of `uri` as a data: URL (PNG). */
  qr: z.string(),
});
export type TotpSetup = z.infer<typeof ZTotpSetup>;

/** The end of an enrolment: signed in, and the recovery codes, shown this once. */
export const ZEnrolDone = z.object({ recoveryCodes: z.array(z.string()) });
export type EnrolDone = z.infer<typeof ZEnrolDone>;

export const ZStaffGrant = z.object({
  role: ZStaffRole,
  siteId: z.number().int().positive().max(2_147_483_647).nullable(),
});
export type StaffGrantInput = z.infer<typeof ZStaffGrant>;
export const ZStaffGrants = z.array(ZStaffGrant).max(50);

export const ZStaffInviteRequest = z.object({
  email: ZStaffEmail,
  name: ZStaffName,
  grants: ZStaffGrants,
});

export const ZStaffMember = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  status: z.enum(['invited', 'active', 'disabled']),
  grants: z.array(ZStaffGrant),
  factors: ZStaffFactors,
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
});
export type StaffMember = z.infer<typeof ZStaffMember>;

/** An enrolment link, shown once to the admin who made it. */
export const ZEnrolLink = z.object({ id: z.number(), enrolUrl: z.string(), expiresAt: z.string() });
export type EnrolLink = z.infer<typeof ZEnrolLink>;

const ZIdText = zLine(100);
const ZDateParam = zLine(30).refine((v) => v === '' || !Number.isNaN(Date.parse(v)), {
  message: 'validation.required',
});
export const ZAuditQuery = z.object({
  staffId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  action: zLine(80).optional(),
  objectType: zLine(80).optional(),
  objectId: ZIdText.optional(),
  siteId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  from: ZDateParam.optional(),
  to: ZDateParam.optional(),
  /** Keyset: lines older than this id (the previous page's `next`). */
  before: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AuditQuery = z.input<typeof ZAuditQuery>;

export const ZAuditLine = z.object({
  id: z.number(),
  staffId: z.number().nullable(),
  staffEmail: z.string(),
  role: z.string(),
  action: z.string(),
  objectType: z.string(),
  objectId: z.string().nullable(),
  siteId: z.number().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  ip: z.string(),
  createdAt: z.string(),
});
export type AuditLine = z.infer<typeof ZAuditLine>;
export const ZAuditPage = z.object({ items: z.array(ZAuditLine), next: z.number().nullable() });
export type AuditPage = z.infer<typeof ZAuditPage>;
