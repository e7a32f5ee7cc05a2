import type { TMainImage, TPhoto, TPhotoList } from '../../../shared/contract/photos.ts';
import { RULES } from '../../../shared/rules.ts';
import type { Db } from '../../db/client.ts';
import { renderMissingDemoMedia } from '../../demo/portraits.ts';
import { mediaPath } from '../../kernel/member-card.ts';
import { AppError } from '../../platform/errors.ts';
import { readPrivateMedia } from '../../platform/private-media.ts';
import { type SignedMediaQuery, signMediaUrl } from '../../platform/signed-urls.ts';
import { isSafeKey, type MediaStorage, randomKey } from '../../platform/storage.ts';
import { decodeImage, inspectImage } from './image.ts';
import { forgetPublic, isKnownPublic, rememberPublic } from './public-keys.ts';
import {
  type Conn,
  countPhotos,
  deletePhoto,
  deletePhotosOf,
  findFileOwner,
  findMainPhoto,
  findPhoto,
  firstMainCandidate,
  getMainPhotoId,
  insertPhoto,
  listPhotos,
  lockMember,
  nextPosition,
  type PhotoRow,
  setMainPhotoId,
  setPositions,
  type Tx,
  updatePrivacy,
} from './queries.ts';

const notFound = () => new AppError(404, 'not_found', 'error.not_found');

/** Own private photos are shown through signed links that live this long. */
export const PRIVATE_URL_TTL_SECONDS = 600;
const WEBP = 'image/webp';

export interface Member {
  id: number;
  paidUser: boolean;
}

/** What presenting a photo URL needs: the site's CDN prefix, the signing key, the viewer and the time. */
export interface MediaContext {
  cdnPrefix: string;
  secret: string;
  viewerId: number;
  now: Date;
}

export const photoLimit = (paidUser: boolean) => (paidUser ? RULES.photos.premium : RULES.photos.free);

function limitError(paidUser: boolean): AppError {
  return paidUser
    ? new AppError(403, 'photo_limit', 'photos.limit_premium', { values: { max: RULES.photos.premium } })
    : new AppError(403, 'photo_limit', 'photos.limit_free', {
        values: { max: RULES.photos.free, premium_max: RULES.photos.premium },
      });
}

// Stable entry points for other features (chat photos reuse the upload pipeline).
export { type ProcessedImage, processImage, sniffImage, tooLarge } from './image.ts';

// ---------------------------------------------------------------- presenters

/** Path of a media file, to append to the site's cdn_prefix. */
export { mediaPath };

const withPrefix = (prefix: string, path: string) => `${prefix.replace(/\/+$/, '')}${path}`;

/**
 * A photo as its owner sees it. Public active photos come from the CDN; private or not yet active ones
 * only through a signed link for this viewer, which must reach the origin with the session cookie.
 */
export function presentPhoto(row: PhotoRow, mainPhotoId: number | null, ctx: MediaContext): TPhoto {
  const open = !row.isPrivate && row.status === 'active';
  const url = (key: string) =>
    open
      ? withPrefix(ctx.cdnPrefix, mediaPath(key))
      : signMediaUrl(ctx.secret, key, ctx.viewerId, PRIVATE_URL_TTL_SECONDS, ctx.now);
  return {
    id: row.id,
    url: url(row.filename),
    thumb_url: url(row.thumbFilename),
    width: row.width,
    height: row.height,
    is_private: row.isPrivate,
    is_main: row.id === mainPhotoId,
    position: row.position,
    status: row.status,
  };
}

/**
 * The main image as other answers carry it (spec §3 main_image): paths to append to cdn_prefix, or null.
 * Takes the photo row the profile points at.
 */
export function presentMainImage(
  row: Pick<PhotoRow, 'id' | 'filename' | 'thumbFilename' | 'status' | 'isPrivate'> | null | undefined,
): TMainImage {
  if (!row || row.isPrivate) return null;
  return {
    id: row.id,
    filename: mediaPath(row.filename),
    thumb_filename: mediaPath(row.thumbFilename),
    status: row.status,
  };
}

/** A member's main image for other features (user.php, profiles, likes). */
export async function getMainImage(db: Db, userId: number): Promise<TMainImage> {
  return presentMainImage(await findMainPhoto(db, userId));
}

async function presentList(db: Conn, member: Member, ctx: MediaContext): Promise<TPhotoList> {
  const [rows, mainId] = await Promise.all([listPhotos(db, member.id), getMainPhotoId(db, member.id)]);
  return {
    photos: rows.map((row) => presentPhoto(row, mainId, ctx)),
    limit: photoLimit(member.paidUser),
    count: rows.length,
  };
}

// ---------------------------------------------------------------- member actions

/** Runs fn with the member's row locked: one photo change of a member at a time. */
async function asMember<T>(
  db: Db,
  userId: number,
  fn: (tx: Tx, paidUser: boolean, photoModeration: 'pre' | 'post') => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const member = await lockMember(tx, userId);
    if (!member) throw notFound();
    return fn(tx, member.paidUser, member.photoModeration);
  });
}

/**
 * Keeps the main image valid: the chosen photo while it is public and not rejected, else the first
 * public photo by position, else none. A private photo is never the main image, because the main image
 * is shown to everyone (search, likes, og image).
 */
export async function repairMain(tx: Tx, userId: number): Promise<number | null> {
  const current = await getMainPhotoId(tx, userId);
  if (current !== null) {
    const row = await findPhoto(tx, userId, current);
    if (row && !row.isPrivate && row.status !== 'rejected') return current;
  }
  const next = await firstMainCandidate(tx, userId);
  if (next !== current) await setMainPhotoId(tx, userId, next);
  return next;
}

export async function listOwnPhotos(db: Db, member: Member, ctx: MediaContext): Promise<TPhotoList> {
  return presentList(db, member, ctx);
}

/**
 * Stores a new photo (M-03, signup step 1). The limit is checked once before the costly conversion
 * and again, authoritatively, under the member's row lock; files are written first and removed again
 * when the row is refused, so a refusal leaves nothing behind.
 */
export async function uploadPhoto(
  db: Db,
  storage: MediaStorage,
  member: Member,
  input: { data: Buffer; isPrivate: boolean },
  ctx: MediaContext,
): Promise<TPhoto> {
  // The header first: a hostile file is refused before it costs a database query or a decode.
  const inspected = await inspectImage(input.data);
  if ((await countPhotos(db, member.id)) >= photoLimit(member.paidUser)) throw limitError(member.paidUser);
  const image = await decodeImage(inspected);
  const filename = randomKey('.webp');
  const thumbFilename = randomKey('_t.webp');
  try {
    await storage.put(filename, image.main, WEBP);
    await storage.put(thumbFilename, image.thumb, WEBP);
    const { row, mainId } = await asMember(db, member.id, async (tx, paidUser, moderation) => {
      if ((await countPhotos(tx, member.id)) >= photoLimit(paidUser)) throw limitError(paidUser);
      // M-09: on a pre-moderated site a new photo waits, seen by its owner only, until a moderator
      // approves it; on a post-moderated one it shows at once. Either way it waits in the queue
      // (reviewed_at null) until a moderator looked at it.
      const row = await insertPhoto(tx, {
        userId: member.id,
        filename,
        thumbFilename,
        width: image.width,
        height: image.height,
        isPrivate: input.isPrivate,
        status: moderation === 'pre' ? 'pending' : 'active',
        position: await nextPosition(tx, member.id),
      });
      return { row, mainId: await repairMain(tx, member.id) };
    });
    return presentPhoto(row, mainId, ctx);
  } catch (err) {
    await removeFiles(storage, [filename, thumbFilename]);
    throw err;
  }
}

export async function setMainPhoto(
  db: Db,
  member: Member,
  id: number,
  ctx: MediaContext,
): Promise<TPhotoList> {
  await asMember(db, member.id, async (tx) => {
    const row = await findPhoto(tx, member.id, id);
    if (!row) throw notFound();
    if (row.isPrivate) throw new AppError(409, 'photo_private', 'photos.main_private');
    if (row.status === 'rejected') throw new AppError(409, 'photo_rejected', 'photos.main_rejected');
    await setMainPhotoId(tx, member.id, row.id);
  });
  return presentList(db, member, ctx);
}

/** Puts the listed photos first, in that order; the member's other photos follow in their old order. */
export async function reorderPhotos(
  db: Db,
  member: Member,
  ids: number[],
  ctx: MediaContext,
): Promise<TPhotoList> {
  await asMember(db, member.id, async (tx) => {
    const own = await listPhotos(tx, member.id);
    const ownIds = new Set(own.map((p) => p.id));
    if (ids.some((id) => !ownIds.has(id))) throw notFound();
    const listed = new Set(ids);
    await setPositions(tx, member.id, [...ids, ...own.map((p) => p.id).filter((id) => !listed.has(id))]);
  });
  return presentList(db, member, ctx);
}

/**
 * Makes a photo private or public (M-04) under new file names: public files are cached for a year by
 * browsers and CDNs, so the old address must stop meaning anything (issue 10 item 11). Under the member's
 * row lock (so concurrent changes apply one after the other) the files are copied, the row switched to
 * the copies, and the old files removed after the commit; a failure on the way leaves the photo as it was.
 */
export async function setPhotoPrivacy(
  db: Db,
  storage: MediaStorage,
  member: Member,
  id: number,
  isPrivate: boolean,
  ctx: MediaContext,
): Promise<TPhoto> {
  const renamed = { filename: randomKey('.webp'), thumbFilename: randomKey('_t.webp') };
  let old: string[] = [];
  try {
    const { row, mainId } = await asMember(db, member.id, async (tx) => {
      const current = await findPhoto(tx, member.id, id);
      if (!current) throw notFound();
      if (current.isPrivate === isPrivate)
        return { row: current, mainId: await getMainPhotoId(tx, member.id) };
      await copyFile(storage, current.filename, renamed.filename);
      await copyFile(storage, current.thumbFilename, renamed.thumbFilename);
      const row = await updatePrivacy(tx, member.id, id, { isPrivate, ...renamed });
      if (!row) throw notFound();
      old = [current.filename, current.thumbFilename];
      return { row, mainId: await repairMain(tx, member.id) };
    });
    // After the commit: until then the old names were still the photo's.
    await removeFiles(storage, old);
    return presentPhoto(row, mainId, ctx);
  } catch (err) {
    await removeFiles(storage, [renamed.filename, renamed.thumbFilename]);
    throw err;
  }
}

/** Copies one stored file to a new key (demo portraits are drawn first when missing). */
async function copyFile(storage: MediaStorage, from: string, to: string): Promise<void> {
  const data = (await storage.get(from)) ?? (await renderMissingDemoMedia(storage, from));
  if (!data) throw notFound();
  await storage.put(to, data, WEBP);
}

/** Removes files and never fails: a file left behind is unreferenced, so nothing serves it. */
export async function removeFiles(storage: MediaStorage, keys: string[]): Promise<void> {
  forgetPublic(keys);
  await Promise.allSettled(keys.map((key) => storage.delete(key)));
}

export async function removePhoto(
  db: Db,
  storage: MediaStorage,
  member: Member,
  id: number,
  ctx: MediaContext,
): Promise<TPhotoList> {
  const row = await asMember(db, member.id, async (tx) => {
    const row = await deletePhoto(tx, member.id, id);
    if (!row) throw notFound();
    await repairMain(tx, member.id);
    return row;
  });
  // After the commit: a failed file removal leaves an unreferenced file, never a row without its file.
  await removeFiles(storage, [row.filename, row.thumbFilename]);
  return presentList(db, member, ctx);
}

/** Removes every photo of a member, rows and files (account purge). Returns how many there were. */
export async function deleteAllPhotosOf(db: Db, storage: MediaStorage, userId: number): Promise<number> {
  const rows = await db.transaction(async (tx) => {
    const rows = await deletePhotosOf(tx, userId);
    await setMainPhotoId(tx, userId, null);
    return rows;
  });
  await removeFiles(
    storage,
    rows.flatMap((r) => [r.filename, r.thumbFilename]),
  );
  return rows.length;
}

// ---------------------------------------------------------------- serving

/** The bytes of a public, active photo file; 404 for anything else, private ones included. */
export async function readPublicMedia(db: Db, storage: MediaStorage, key: string): Promise<Buffer> {
  if (!isKnownPublic(key)) {
    const owner = isSafeKey(key) ? await findFileOwner(db, key) : undefined;
    if (!owner || owner.isPrivate || owner.status !== 'active') throw notFound();
    rememberPublic(key);
  }
  // Demo members' portraits are drawn on their first request, then stored (demo/portraits.ts).
  const data = (await storage.get(key)) ?? (await renderMissingDemoMedia(storage, key));
  if (!data) throw notFound();
  return data;
}

/**
 * The bytes of any photo file through a signed link: the signature (made for this viewer, not expired)
 * is the permission. 403 for a bad or expired link, 404 for an unknown file.
 */
export async function readSignedMedia(
  db: Db,
  storage: MediaStorage,
  secret: string,
  key: string,
  query: SignedMediaQuery,
  viewerId: number | null,
  now: Date,
): Promise<{ data: Buffer; maxAgeSeconds: number }> {
  return readPrivateMedia(storage, secret, { key, query, viewerId, now }, async () =>
    Boolean(await findFileOwner(db, key)),
  );
}
