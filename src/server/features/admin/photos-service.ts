import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type {
  PhotoRejectReason,
  TMemberPhotos,
  TModeratedPhoto,
  TPhotoQueue,
} from '../../../shared/contract/admin-moderation.ts';
import { DEFAULT_LOCALE, toLocale } from '../../../shared/i18n/locales.ts';
import { AppError } from '../../platform/errors.ts';
import { t } from '../../platform/i18n.ts';
import { renderMailLayout } from '../../platform/mail-layout.ts';
import { type SignedMediaQuery, signMediaUrl, verifyMediaUrl } from '../../platform/signed-urls.ts';
import { jobOrigin } from '../../platform/site.ts';
import { assertSite, currentStaff, sitesFor, writeAudit } from '../../platform/staff.ts';
import { createNotification } from '../notifications/index.ts';
import {
  approvePhotoIn,
  type PhotoRow,
  type PhotoTx,
  removePhotoFiles,
  removeRejectedPhotoIn,
} from '../photos/index.ts';
import {
  countWaiting,
  findMember,
  findPhotoWithSite,
  findQueue,
  findRecipient,
  listMemberPhotos,
  type MemberRow,
  saveReview,
} from './photos-queries.ts';

const MODERATOR = ['moderator'] as const;
/** The queue's photo links live this long: a moderator's page is refreshed well within it. */
const LINK_TTL_SECONDS = 15 * 60;
export const STAFF_MEDIA_PATH = '/api/admin/photos/file/';
const MEMBER_MEDIA_PATH = '/media/private/';

const notFound = () => new AppError(404, 'not_found', 'admin.error.not_found');

/**
 * Staff see photos through links signed for them, served under `/api/admin` (where their cookie goes).
 * The key is derived from the media signing secret, so a staff link is never a member's link (a staff id
 * and a member id may be the same number) and the other way round.
 */
export const staffMediaSecret = (mediaSecret: string) =>
  createHash('sha256').update(`staff-media\n${mediaSecret}`).digest('hex');

export interface PhotoDeps {
  app: FastifyInstance;
  /** The staff media signing key (staffMediaSecret). */
  secret: string;
}

function signFor(deps: PhotoDeps, staffId: number, key: string, now: Date) {
  return signMediaUrl(deps.secret, key, staffId, LINK_TTL_SECONDS, now).replace(
    MEMBER_MEDIA_PATH,
    STAFF_MEDIA_PATH,
  );
}

export function verifyStaffLink(deps: PhotoDeps, key: string, query: SignedMediaQuery, staffId: number) {
  return verifyMediaUrl(deps.secret, key, query, staffId, new Date());
}

function presentPhoto(
  deps: PhotoDeps,
  staffId: number,
  row: PhotoRow,
  mainPhotoId: number | null,
  now: Date,
): TModeratedPhoto {
  return {
    id: row.id,
    status: row.status,
    is_private: row.isPrivate,
    is_main: row.id === mainPhotoId,
    width: row.width,
    height: row.height,
    created_at: row.createdAt.toISOString(),
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
    url: signFor(deps, staffId, row.filename, now),
    thumb_url: signFor(deps, staffId, row.thumbFilename, now),
  };
}

const presentMember = (m: MemberRow) => ({
  id: m.memberId,
  name: m.name ?? '',
  email: m.email,
  site_id: m.siteId,
  site_name: m.siteName,
  language: m.language,
  status: m.memberStatus,
  photo_count: m.photoCount,
  signup_date: m.signupDate.toISOString(),
});

/** The sites a list is for: the staff member's own, narrowed to `site` when given (403 if not theirs). */
export function listSites(req: FastifyRequest, site: number | undefined): number[] | null {
  const mine = sitesFor(currentStaff(req), MODERATOR);
  if (site === undefined) return mine;
  if (mine !== null && !mine.includes(site)) throw new AppError(403, 'forbidden', 'admin.error.forbidden');
  return [site];
}

/** The oldest waiting photos (M-09, O-03) of the moderator's sites, with their members. */
export async function photoQueue(
  deps: PhotoDeps,
  req: FastifyRequest,
  query: { site?: number | undefined; limit: number },
): Promise<TPhotoQueue> {
  const siteIds = listSites(req, query.site);
  const staffId = currentStaff(req).id;
  const now = new Date();
  const { rows, waiting } = await findQueue(deps.app.db, siteIds, query.limit);
  return {
    items: rows.map((r) => ({
      ...presentPhoto(deps, staffId, r.photo, r.mainPhotoId, now),
      member: presentMember(r),
    })),
    waiting,
  };
}

export async function waitingCount(deps: PhotoDeps, req: FastifyRequest, site: number | undefined) {
  return { count: await countWaiting(deps.app.db, listSites(req, site)) };
}

/** A member's photos, for acting on a complaint about them. */
export async function memberPhotos(
  deps: PhotoDeps,
  req: FastifyRequest,
  memberId: number,
): Promise<TMemberPhotos> {
  const member = await findMember(deps.app.db, memberId);
  if (!member) throw notFound();
  assertSite(req, MODERATOR, member.siteId);
  const staffId = currentStaff(req).id;
  const now = new Date();
  const rows = await listMemberPhotos(deps.app.db, memberId);
  return {
    member: presentMember(member),
    photos: rows.map((r) => presentPhoto(deps, staffId, r, member.mainPhotoId, now)),
  };
}

/** The photo of a decision, on a site the moderator holds (403), that exists (404). */
async function photoFor(deps: PhotoDeps, req: FastifyRequest, id: number) {
  const found = await findPhotoWithSite(deps.app.db, id);
  if (!found) throw notFound();
  assertSite(req, MODERATOR, found.siteId);
  return found;
}

/**
 * Approves a waiting photo (M-09): reviewed, and visible to others if it was pending. The review and the
 * audit line commit with it. A photo someone already reviewed answers 409.
 */
export async function approvePhoto(deps: PhotoDeps, req: FastifyRequest, id: number) {
  const { photo, siteId } = await photoFor(deps, req, id);
  const staff = currentStaff(req);
  const now = new Date();
  const result = await deps.app.db.transaction(async (tx) => {
    const done = await approvePhotoIn(tx as PhotoTx, photo.userId, id, now);
    if (!done) throw notFound();
    if (done.already) throw new AppError(409, 'already_reviewed', 'admin.photos.already_reviewed');
    await saveReview(tx, {
      photoId: id,
      userId: photo.userId,
      staffId: staff.id,
      decision: 'approved',
      reason: null,
      now,
    });
    await writeAudit(tx, req, {
      action: 'photo.approve',
      objectType: 'photo',
      objectId: id,
      siteId,
      roles: MODERATOR,
      before: { status: photo.status, reviewed_at: null, member_id: photo.userId },
      after: { status: done.row.status, reviewed_at: now.toISOString() },
    });
    return done.row;
  });
  return { id, decision: 'approved' as const, status: result.status };
}

/**
 * Rejects a photo (M-09, O-03): its row goes (the main image moves on to the next public photo), the
 * member is told why in their language (an in-app notification and a mail, both in the same transaction
 * as the review and the audit line), and after the commit its files leave storage. Works on a reviewed
 * photo too: a moderator acting on a complaint removes a photo that was approved before.
 */
export async function rejectPhoto(
  deps: PhotoDeps,
  req: FastifyRequest,
  id: number,
  reason: PhotoRejectReason,
) {
  const { photo, siteId } = await photoFor(deps, req, id);
  const staff = currentStaff(req);
  const now = new Date();
  const removed = await deps.app.db.transaction(async (tx) => {
    const row = await removeRejectedPhotoIn(tx as PhotoTx, photo.userId, id);
    if (!row) throw notFound();
    await saveReview(tx, {
      photoId: id,
      userId: row.userId,
      staffId: staff.id,
      decision: 'rejected',
      reason,
      now,
    });
    await writeAudit(tx, req, {
      action: 'photo.reject',
      objectType: 'photo',
      objectId: id,
      siteId,
      roles: MODERATOR,
      before: {
        status: row.status,
        reviewed_at: row.reviewedAt?.toISOString() ?? null,
        member_id: row.userId,
        is_private: row.isPrivate,
      },
      after: { removed: true },
      reason,
    });
    await createNotification(tx, { userId: row.userId, kind: 'photo_rejected', payload: { reason } });
    await queueRejectionMail(deps, tx, row.userId, reason);
    return row;
  });
  await removePhotoFiles(deps.app.media, removed);
  return { id, decision: 'rejected' as const, status: null };
}

/** The rejection mail, in the member's language and their site's colours, from the site's address. */
async function queueRejectionMail(deps: PhotoDeps, tx: PhotoTx, memberId: number, reason: PhotoRejectReason) {
  const to = await findRecipient(tx, memberId);
  if (!to) return;
  const locale = toLocale(to.language) ?? DEFAULT_LOCALE;
  const v = { site: to.site.name, name: to.name ?? '' };
  const origin = jobOrigin(to.site, deps.app.config);
  const tr = (id: string) => t(locale, `mail.photo_rejected.${id}`, v);
  await deps.app.mailer.queue(tx, {
    to: to.email,
    from: `${to.site.mailName} <${to.site.supportEmail}>`,
    ...renderMailLayout({
      site: to.site,
      locale,
      subject: tr('subject'),
      heading: tr('heading'),
      body: [tr('body'), t(locale, `photo_reject_reason.${reason}`), tr('again')],
      button: tr('button'),
      link: `${origin}/profile`,
      footer: tr('footer'),
    }),
  });
}
