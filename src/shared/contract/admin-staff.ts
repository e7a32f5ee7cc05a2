import { z } from 'zod';
import { ZEmail } from './accounts.ts';
import { endpoints } from './endpoint.ts';
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

/** Who is signed in, with which roles, and the sites they can pick from. */
export const ZAdminMe = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  language: z.string(),
  grants: z.array(ZStaffGrant),
  sites: z.array(z.object({ id: z.number(), name: z.string(), domain: z.string() })),
  /** Seconds since the second factor last passed (step-up is asked after 600). */
  factorAgeSeconds: z.number(),
});
export type TAdminMe = z.infer<typeof ZAdminMe>;

export const ZEnrolToken = z.object({ token: zLine(200) });
/** WebAuthn options as `@simplewebauthn/server` makes them, for the browser library. */
export const ZWebAuthnOptions = z.record(z.string(), z.unknown());
export const ZOkFactor = z.object({ ok: z.literal(true) });
const ZTotpRequest = z.object({ code: ZTotpCode });
const ZStaffIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const errors = [400, 401, 403, 404, 409] as const;
/** The sign-in steps are rate limited per address as well. */
const authErrors = [...errors, 429] as const;

export const ADMIN_STAFF_API = endpoints('admin', {
  'GET /api/admin/me': {
    summary: 'The signed-in staff member, their roles and the sites they can pick from (O-01)',
    answer: ZAdminMe,
  },
  'POST /api/admin/auth/login': {
    summary: 'Sign-in, first step: the password opens a session waiting for its second factor (O-01)',
    body: ZStaffLoginRequest,
    answer: ZStaffFactors,
    errors: authErrors,
  },
  'GET /api/admin/auth/factors': {
    summary: 'Which second factors the staff member has enrolled (O-01)',
    answer: ZStaffFactors,
    errors: authErrors,
  },
  'POST /api/admin/auth/passkey/options': {
    summary: 'Sign-in, second step: the passkey challenge (O-01)',
    answer: ZWebAuthnOptions,
    errors: authErrors,
  },
  'POST /api/admin/auth/passkey': {
    summary: 'Sign-in, second step: the passkey answer; signed in when it passes (O-01)',
    body: ZWebAuthnResponse,
    answer: ZOkFactor,
    errors: authErrors,
  },
  'POST /api/admin/auth/totp': {
    summary: 'Sign-in, second step: a one-time code from the code app (O-01)',
    body: ZTotpRequest,
    answer: ZOkFactor,
    errors: authErrors,
  },
  'POST /api/admin/auth/recovery': {
    summary: 'Sign-in, second step: a recovery code, used once (O-01)',
    body: z.object({ code: ZRecoveryCode }),
    answer: ZOkFactor,
    errors: authErrors,
  },
  'POST /api/admin/logout': {
    summary: 'End this staff session, also one still waiting for its second factor (O-06)',
    answer: null,
    status: 204,
  },
  'POST /api/admin/auth/step-up/passkey/options': {
    summary: 'Step-up: the passkey challenge for the second factor again (O-01)',
    answer: ZWebAuthnOptions,
    errors: authErrors,
  },
  'POST /api/admin/auth/step-up/passkey': {
    summary: 'Step-up: the passkey answer; dangerous actions open for 10 minutes (O-01)',
    body: ZWebAuthnResponse,
    answer: ZOkFactor,
    errors: authErrors,
  },
  'POST /api/admin/auth/step-up/totp': {
    summary: 'Step-up: a one-time code; dangerous actions open for 10 minutes (O-01)',
    body: ZTotpRequest,
    answer: ZOkFactor,
    errors: authErrors,
  },
  'GET /api/admin/enrol/:token': {
    summary: 'Enrolment by a one-time link: who it is for and whether the password is set (O-01)',
    params: ZEnrolToken,
    answer: ZEnrolState,
    errors: authErrors,
  },
  'POST /api/admin/enrol/:token/password': {
    summary: 'Enrolment: name and password (O-01)',
    params: ZEnrolToken,
    body: ZEnrolPasswordRequest,
    answer: ZEnrolState,
    errors: authErrors,
  },
  'POST /api/admin/enrol/:token/passkey/options': {
    summary: 'Enrolment: the passkey registration challenge (O-01)',
    params: ZEnrolToken,
    answer: ZWebAuthnOptions,
    errors: authErrors,
  },
  'POST /api/admin/enrol/:token/passkey': {
    summary: 'Enrolment: the new passkey; active and signed in, with recovery codes shown once (O-01)',
    params: ZEnrolToken,
    body: ZWebAuthnResponse,
    answer: ZEnrolDone,
    errors: authErrors,
  },
  'POST /api/admin/enrol/:token/totp/start': {
    summary: 'Enrolment: a new code-app secret with its QR code (O-01)',
    params: ZEnrolToken,
    answer: ZTotpSetup,
    errors: authErrors,
  },
  'POST /api/admin/enrol/:token/totp': {
    summary: 'Enrolment: the first code from the app; active and signed in, with recovery codes (O-01)',
    params: ZEnrolToken,
    body: ZTotpRequest,
    answer: ZEnrolDone,
    errors: authErrors,
  },
  'GET /api/admin/staff': {
    summary: 'Every staff member with roles, factors and last sign-in (O-01; admins of every site)',
    answer: z.array(ZStaffMember),
    errors,
  },
  'POST /api/admin/staff': {
    summary: 'Invite a staff member: an enrolment link, shown once (O-01; step-up)',
    body: ZStaffInviteRequest,
    answer: ZEnrolLink,
    status: 201,
    replayStatus: 200,
    errors,
  },
  'PUT /api/admin/staff/:id/roles': {
    summary: "Replace a staff member's roles per site (O-01; step-up)",
    params: ZStaffIdParams,
    body: z.object({ grants: ZStaffGrants }),
    answer: ZStaffMember.pick({ id: true, grants: true }),
    errors,
  },
  'POST /api/admin/staff/:id/disable': {
    summary: 'Disable a staff member: every session of theirs ends (O-01; step-up)',
    params: ZStaffIdParams,
    answer: z.object({ status: z.string() }),
    errors,
  },
  'POST /api/admin/staff/:id/enable': {
    summary: 'Enable a disabled staff member again (O-01; step-up)',
    params: ZStaffIdParams,
    answer: z.object({ status: z.string() }),
    errors,
  },
  'POST /api/admin/staff/:id/reset-factor': {
    summary: "Reset a staff member's sign-in: a new enrolment link, old factors gone (O-01; step-up)",
    params: ZStaffIdParams,
    answer: ZEnrolLink,
    errors,
  },
  'GET /api/admin/audit': {
    summary: 'The audit log, newest first, filtered and paged by id (O-06)',
    query: ZAuditQuery,
    answer: ZAuditPage,
    errors,
  },
});
