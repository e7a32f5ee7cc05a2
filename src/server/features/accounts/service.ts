import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { TAboutMe, TSignupRequest, TUser } from '../../../shared/contract/accounts.ts';
import { makeSignupSchema } from '../../../shared/contract/accounts.ts';
import type { Locale } from '../../../shared/i18n/locales.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { profiles, users } from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { coarsen, reverseGeocode } from '../../platform/geo.ts';
import type { Mailer } from '../../platform/mail.ts';
import { parseRequest } from '../../platform/parse.ts';
import { hashToken } from '../../platform/session.ts';
import type { SiteRow } from '../../platform/site.ts';
import { recordLanderSignup } from '../landers/index.ts';
import { aboutToColumns } from '../profiles/index.ts';
import { clearDeviceFailures, type Device, deviceLockedUntil, recordDeviceFailure } from './device-cookie.ts';
import { renderAccountMail } from './mails.ts';
import { presentUser } from './present.ts';
import {
  expireTokens,
  findAccount,
  findUserByEmail,
  insertToken,
  recordLoginFailure,
  recordLoginSuccess,
  updateProfile,
  updateUser,
} from './queries.ts';
import { bookCredits } from './wallet.ts';

/** argon2id, 19 MiB, t=2, p=1 (OWASP's first recommendation). */
const ARGON = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
export const hashPassword = (password: string) => hash(password, ARGON);
export const verifyPassword = (hashed: string, password: string) =>
  verify(hashed, password).catch(() => false);
// Checked against when the e-mail is unknown, so a login takes as long either way.
const DUMMY_HASH = hashPassword(randomBytes(16).toString('hex'));

export const LOCKOUT = { maxFailures: 5, minutes: 15 } as const;
export const TOKEN_TTL_MS = {
  activation: 7 * 86_400_000,
  reset: 3_600_000,
  mail_change: 86_400_000,
} as const;
/** The last signup step; members at this step have finished signing up. */
export const SIGNUP_DONE = 6;

export interface RequestContext {
  site: SiteRow;
  locale: Locale;
  /** Origin for links in e-mails, always the site's own domain. */
  origin: string;
  now: Date;
}

export interface Deps {
  db: Db;
  mailer: Mailer;
}

export async function loadUser(db: Db, userId: number): Promise<TUser> {
  const bundle = await findAccount(db, userId);
  if (!bundle) throw new AppError(404, 'not_found', 'error.not_found');
  return presentUser(bundle);
}

/** Creates the member, their profile and their signup credits in one transaction. */
export async function signup(deps: Deps, input: TSignupRequest, ctx: RequestContext): Promise<number> {
  const { site } = ctx;
  const data = parseRequest(makeSignupSchema(site.minAge), input);
  const tracking = Object.fromEntries(Object.entries(data.tracking ?? {}).filter(([, v]) => v)) as Record<
    string,
    string
  >;
  if (site.signups === 'with_trafficsource' && !tracking.network && !tracking.ref) {
    throw new AppError(403, 'signups_closed', 'signup.closed');
  }
  const where = data.place ? placeColumns(data.place.lat, data.place.lon, site.countries) : null;
  const passwordHash = await hashPassword(data.password);
  let userId: number;
  try {
    userId = await deps.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          siteId: site.id,
          email: data.email,
          passwordHash,
          language: ctx.locale,
          signupMessage: data.signup_message,
          tracking,
          createdAt: ctx.now,
          lastActiveAt: ctx.now,
        })
        .returning({ id: users.id });
      if (!user) throw new Error('insert returned nothing');
      await tx.insert(profiles).values({
        userId: user.id,
        name: data.name,
        dateOfBirth: data.date_of_birth,
        gender: data.gender,
        lookingFor: data.looking_for,
        country: null,
        ...where,
      });
      if (site.signupCredits > 0) {
        await bookCredits(tx, user.id, site.signupCredits, { reason: 'signup', reference: 'signup' });
      }
      await recordLanderSignup(tx, site, tracking, ctx.now);
      return user.id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw new AppError(409, 'email_taken', 'validation.email_taken', {
        details: { fieldIds: { email: 'validation.email_taken' } },
      });
    }
    throw err;
  }
  await sendTokenMail(deps, userId, 'activation', ctx);
  return userId;
}

/**
 * The profile columns of a place chosen at signup: its city, country and region, and the position rounded
 * to about a kilometre (M-10). A place outside the site's countries is a field error.
 */
function placeColumns(lat: number, lon: number, countries: string[]) {
  const place = reverseGeocode(lat, lon);
  if (!place || !countries.includes(place.country)) {
    throw new AppError(400, 'validation', 'error.validation', {
      details: { fieldIds: { place: place ? 'signup.place_outside' : 'signup.place_unknown' } },
    });
  }
  const coarse = coarsen(lat, lon);
  return {
    country: place.country,
    region: place.region?.code ?? null,
    city: place.city.slice(0, 80),
    latCoarse: coarse.lat,
    lonCoarse: coarse.lon,
  };
}

/** Marks a signup step done; steps 2-4 save their about-me fields on the way. */
export async function completeSignupStep(db: Db, userId: number, step: number, about: TAboutMe | undefined) {
  const bundle = await findAccount(db, userId);
  if (!bundle) throw new AppError(404, 'not_found', 'error.not_found');
  if (about && step >= 2 && step <= 4) await updateProfile(db, userId, aboutToColumns(about));
  // Steps can be revisited, but the pointer only moves forward.
  const next = Math.min(SIGNUP_DONE, Math.max(bundle.user.signupStep, step + 1));
  if (next !== bundle.user.signupStep) await updateUser(db, userId, { signupStep: next });
}

/**
 * Checks e-mail and password. Five wrong passwords in a row lock the account for 15 minutes;
 * a login of a deleted account within its reactivation window brings it back.
 *
 * `device` is the browser's device cookie (see device-cookie.ts): a browser that logged in to this account
 * before is not held by the account's lock, so nobody can lock the owner out by guessing (issue 21). Its
 * own wrong passwords count against its own smaller limit instead, and its success leaves the account's
 * lock in place for every other browser.
 */
export async function login(
  db: Db,
  email: string,
  password: string,
  now: Date,
  reactivationDays: number,
  device: Device | null = null,
): Promise<number> {
  const user = await findUserByEmail(db, email);
  if (!user) {
    await verifyPassword(await DUMMY_HASH, password);
    throw new AppError(401, 'login_failed', 'auth.login_failed');
  }
  const known =
    device && device.userId === user.id && !(await deviceLockedUntil(db, device, now)) ? device : null;
  if (!known && user.lockedUntil && user.lockedUntil > now) throw lockedError(user.lockedUntil, now);
  if (user.deletedAt && now.getTime() - user.deletedAt.getTime() > reactivationDays * 86_400_000) {
    await verifyPassword(await DUMMY_HASH, password);
    throw new AppError(401, 'login_failed', 'auth.login_failed');
  }
  if (!(await verifyPassword(user.passwordHash, password))) {
    if (known) {
      const deviceLock = await recordDeviceFailure(db, known, now);
      if (deviceLock) throw lockedError(deviceLock, now);
      throw new AppError(401, 'login_failed', 'auth.login_failed');
    }
    const until = new Date(now.getTime() + LOCKOUT.minutes * 60_000);
    const { lockedUntil } = await recordLoginFailure(db, user.id, now, LOCKOUT.maxFailures, until);
    if (lockedUntil && lockedUntil > now) throw lockedError(lockedUntil, now);
    throw new AppError(401, 'login_failed', 'auth.login_failed');
  }
  if (user.status === 'banned') throw new AppError(403, 'banned', 'auth.banned');
  const values = { lastActiveAt: now, deletedAt: null, deleteReasons: null };
  if (!(await recordLoginSuccess(db, user.id, now, values))) {
    // Locked, before this attempt or by a parallel wrong one: only a known browser gets in, and the
    // lock stays for everyone else.
    if (!known) {
      const current = await findUserByEmail(db, email);
      throw lockedError(current?.lockedUntil ?? new Date(now.getTime() + LOCKOUT.minutes * 60_000), now);
    }
    await updateUser(db, user.id, values);
  }
  if (device?.userId === user.id) await clearDeviceFailures(db, device);
  return user.id;
}

function lockedError(until: Date, now: Date) {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
  return new AppError(429, 'account_locked', 'auth.locked', { values: { minutes }, details: { minutes } });
}

export function newToken(): { token: string; tokenHash: string } {
  // 128 bits, sent by e-mail; only the hash is stored.
  const token = randomBytes(16).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

const LINK_PATH = {
  activation: '/api/activate?token=',
  reset: '/reset-password/do?token=',
  mail_change: '/mail-change/do?token=',
} as const;

/** Makes a single-use token, stores its hash and mails the link (to the new address for a change of e-mail). */
export async function sendTokenMail(
  deps: Deps,
  userId: number,
  kind: 'activation' | 'reset' | 'mail_change',
  ctx: RequestContext,
  newEmail?: string,
) {
  const bundle = await findAccount(deps.db, userId);
  if (!bundle) throw new AppError(404, 'not_found', 'error.not_found');
  await expireTokens(deps.db, userId, kind, ctx.now);
  const { token, tokenHash } = newToken();
  await insertToken(deps.db, {
    userId,
    kind,
    tokenHash,
    expiresAt: new Date(ctx.now.getTime() + TOKEN_TTL_MS[kind]),
    ...(newEmail ? { newEmail } : {}),
  });
  const locale = (bundle.user.language as Locale) ?? ctx.locale;
  const mail = renderAccountMail(kind, {
    site: ctx.site,
    locale,
    name: bundle.profile.name,
    link: `${ctx.origin}${LINK_PATH[kind]}${token}`,
  });
  await deps.mailer.send({
    to: newEmail ?? bundle.user.email,
    from: `${ctx.site.mailName} <${ctx.site.supportEmail}>`,
    ...mail,
  });
}
