import { z } from 'zod';
import {
  ZChangeEmailRequest,
  ZChangePasswordRequest,
  ZDeleteAccountRequest,
  ZLocationOptionsRequest,
  ZLoginRequest,
  ZNotificationSettingsRequest,
  ZOk,
  ZPrivacyRequest,
  ZResetDoRequest,
  ZResetRequest,
  ZRetentionAcceptRequest,
  ZRetentionResponse,
  ZSignupRequest,
  ZSignupStepRequest,
  ZTokenRequest,
  ZUpdateUserRequest,
  ZUserResponse,
} from './accounts.ts';
import { endpoints } from './endpoint.ts';
import { ZDistance } from './profiles.ts';
import { ZPushSubscribeRequest } from './push.ts';
import { zSecret } from './text.ts';

/** A member shown to a new member after signup, "Leden bij jou in de buurt". */
export const ZSignupMatch = z.object({
  id: z.number(),
  name: z.string(),
  age: z.number().nullable(),
  city: z.string().nullable(),
  thumb_url: z.string().nullable(),
  /** Rounded distance from the new member, when both have a position (M-10). */
  distance: ZDistance.nullable(),
});
export type TSignupMatch = z.infer<typeof ZSignupMatch>;
export const ZSignupMatchesResponse = z.object({ profiles: z.array(ZSignupMatch) });
export type TSignupMatchesResponse = z.infer<typeof ZSignupMatchesResponse>;

export type TRetentionSolution = z.infer<typeof ZRetentionResponse>['solutions'][number];
export type RetentionKind = TRetentionSolution['kind'];

const errors = [400, 401, 403, 404, 409, 429] as const;

export const ACCOUNTS_API = /* @__PURE__ */ endpoints('accounts', {
  'POST /api/signup': {
    summary: 'Sign up (step 0): account, profile, signup credits',
    body: ZSignupRequest,
    answer: ZUserResponse,
    status: 201,
    errors,
  },
  'PUT /api/signup/step': {
    summary: 'Mark a signup step done',
    body: ZSignupStepRequest,
    answer: ZUserResponse,
    errors,
  },
  'POST /api/user.php': {
    summary:
      'Log in (A-05): email and password; with ?push=1 store a push subscription (N-02), answered 201 {ok: true}',
    query: z.object({ push: z.enum(['0', '1']).optional() }),
    // One path, two bodies (spec §7): the handler checks each with its own schema.
    body: ZLoginRequest.partial().extend(ZPushSubscribeRequest.partial().shape),
    answer: ZUserResponse,
    errors,
  },
  'GET /api/user.php': {
    summary: 'The current member, or null; 403 banned for the session of a banned member (A-10)',
    answer: ZUserResponse,
    errors: [403],
  },
  'PUT /api/user.php': {
    summary: 'Change the language (I-04)',
    body: ZUpdateUserRequest,
    answer: ZUserResponse,
    errors,
  },
  'GET /api/logout.php': {
    summary: 'Log out: ends the session on the server (refused when another site asks)',
    answer: ZOk,
    errors: [403],
  },
  'POST /api/activation/resend': {
    summary: 'Send the activation mail again',
    answer: ZOk,
    errors,
  },
  'GET /api/activate': {
    summary: 'Activation link: redirects to /activate/done or /activate/error',
    query: z.object({ token: zSecret(200).optional() }),
    answer: null,
    errors: [],
  },
  'POST /api/activation/resend-link': {
    summary: 'Send a new activation mail for the account of the activation link just opened (A-04)',
    answer: ZOk,
    errors,
  },
  'POST /api/password-reset': {
    summary: 'Mail a password-reset link (A-07)',
    body: ZResetRequest,
    answer: ZOk,
    errors,
  },
  'POST /api/password-reset/do': {
    summary: 'Set a new password from a reset link',
    body: ZResetDoRequest,
    answer: ZUserResponse,
    errors,
  },
  'PUT /api/account/password': {
    summary: 'Change the password',
    body: ZChangePasswordRequest,
    answer: ZOk,
    errors,
  },
  'PUT /api/account/email': {
    summary: 'Change the e-mail: mails a confirmation link to the new address',
    body: ZChangeEmailRequest,
    answer: ZOk,
    errors,
  },
  'POST /api/mail-change/do': {
    summary: 'Confirm a change of e-mail',
    body: ZTokenRequest,
    answer: ZUserResponse,
    errors,
  },
  'PUT /api/account/notifications': {
    summary: 'E-mail notification preferences per type',
    body: ZNotificationSettingsRequest,
    answer: ZUserResponse,
    errors,
  },
  'PUT /api/account/email/enable': {
    summary: 'Turn e-mail back on after a bounce, a spam report or an unsubscribe link (N-04)',
    answer: ZUserResponse,
    errors: [400, 403, 404, 429],
  },
  'PUT /api/account/privacy': {
    summary: 'Invisible mode',
    body: ZPrivacyRequest,
    answer: ZUserResponse,
    errors,
  },
  'PUT /api/account/location': {
    summary: 'Location options',
    body: ZLocationOptionsRequest,
    answer: ZUserResponse,
    errors,
  },
  'GET /api/account/retention': {
    summary: 'What we can offer instead of deleting',
    answer: ZRetentionResponse,
    errors,
  },
  'POST /api/account/retention': {
    summary: 'Accept a retention offer',
    body: ZRetentionAcceptRequest,
    answer: ZUserResponse,
    errors,
  },
  'DELETE /api/account': {
    summary: 'Delete the account (reactivation by login within 14 days)',
    body: ZDeleteAccountRequest,
    answer: ZOk,
    errors,
  },
  'GET /api/account/export': {
    summary: 'Download all my data as JSON (A-12)',
    answer: null,
    errors: [],
  },
  'GET /api/signup-matches': {
    summary: 'Members near a new member, with a photo first, then by distance (A-11)',
    answer: ZSignupMatchesResponse,
    errors: [],
  },
});
