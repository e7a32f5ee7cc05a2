import sharp from 'sharp';
import {
  PHOTO_UPLOAD,
  type TMainImage,
  type TPhoto,
  type TPhotoList,
} from '../../../shared/contract/photos.ts';
import { RULES } from '../../../shared/rules.ts';
import type { Db } from '../../db/client.ts';
import { renderMissingDemoMedia } from '../../db/demo/portraits.ts';
import { AppError } from '../../platform/errors.ts';
import { type SignedMediaQuery, signMediaUrl, verifyMediaUrl } from '../../platform/signed-urls.ts';
import { isSafeKey, type MediaStorage, randomKey } from '../../platform/storage.ts';
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

const MAIN_MAX_SIDE = 1600;
const THUMB = { width: 360, height: 480 } as const;
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

// ---------------------------------------------------------------- image checks and conversion

type Family = 'jpeg' | 'png' | 'webp' | 'gif' | 'heif';
type Sniffed = { family: Family; hevc: boolean };

const HEVC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1']);
const AV1_BRANDS = new Set(['avif', 'avis']);

/**
 * The image type by its first bytes, whatever name or content type the browser sent; null for anything
 * else (SVG, HTML, PDF, ZIP, ...).
 */
export function sniffImage(buf: Buffer): Sniffed | null {
  const ascii = (from: number, to: number) => buf.subarray(from, to).toString('latin1');
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff)
    return { family: 'jpeg', hevc: false };
  if (
    buf.length >= 8 &&
    buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return { family: 'png', hevc: false };
  if (buf.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP')
    return { family: 'webp', hevc: false };
  if (buf.length >= 6 && (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a'))
    return { family: 'gif', hevc: false };
  if (buf.length >= 12 && ascii(4, 8) === 'ftyp') {
    const brand = ascii(8, 12);
    if (AV1_BRANDS.has(brand)) return { family: 'heif', hevc: false };
    if (HEVC_BRANDS.has(brand)) return { family: 'heif', hevc: true };
  }
  return null;
}

export interface ProcessedImage {
  main: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
}

/**
 * Checks an upload by its content and re-encodes it: the decoded pixels are all that survive, so
 * metadata (EXIF, GPS), trailing data and any embedded script are gone. Auto-rotated by EXIF first;
 * the first frame of an animation. Throws an AppError with a clear message for anything refused.
 */
export async function processImage(data: Buffer): Promise<ProcessedImage> {
  if (data.length === 0) throw new AppError(400, 'photo_missing', 'photos.empty');
  if (data.length > PHOTO_UPLOAD.maxBytes) throw tooLarge();
  const sniffed = sniffImage(data);
  if (!sniffed) throw new AppError(415, 'photo_bad_type', 'photos.bad_type');
  const tooManyPixels = () =>
    new AppError(422, 'photo_too_many_pixels', 'photos.too_many_pixels', {
      values: { max_mp: PHOTO_UPLOAD.maxPixels / 1_000_000 },
    });
  // sharp refuses oversized images already when reading the header: that is our pixel limit speaking.
  const unreadable = (err?: unknown) =>
    err instanceof Error && /pixel limit/i.test(err.message)
      ? tooManyPixels()
      : sniffed.hevc
        ? new AppError(415, 'photo_heic_unsupported', 'photos.heic_unsupported')
        : new AppError(422, 'photo_unreadable', 'photos.unreadable');

  const input = () =>
    sharp(data, { failOn: 'error', limitInputPixels: PHOTO_UPLOAD.maxPixels, animated: false }).timeout({
      seconds: 20,
    });
  const meta = await input()
    .metadata()
    .catch((err) => {
      throw unreadable(err);
    });
  if (meta.format !== sniffed.family) throw new AppError(415, 'photo_bad_type', 'photos.bad_type');
  const { width, height } = meta;
  if (!width || !height) throw unreadable();
  if (width * height > PHOTO_UPLOAD.maxPixels) throw tooManyPixels();
  if (Math.min(width, height) < PHOTO_UPLOAD.minSide)
    throw new AppError(422, 'photo_too_small', 'photos.too_small', { values: { min: PHOTO_UPLOAD.minSide } });

  try {
    // One full decode (failOn makes a truncated or corrupt file fail here), scaled once; both outputs are
    // made from these pixels.
    const { data: pixels, info } = await input()
      .autoOrient()
      .resize({ width: MAIN_MAX_SIDE, height: MAIN_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
    const [main, thumb] = await Promise.all([
      sharp(pixels, raw).webp({ quality: 82, effort: 4 }).toBuffer(),
      sharp(pixels, raw)
        .resize({ ...THUMB, fit: 'cover', position: 'attention' })
        .webp({ quality: 78, effort: 4 })
        .toBuffer(),
    ]);
    return { main, thumb, width: info.width, height: info.height };
  } catch (err) {
    throw unreadable(err);
  }
}

export const tooLarge = () =>
  new AppError(413, 'photo_too_large', 'photos.too_large', {
    values: { max_mb: PHOTO_UPLOAD.maxBytes / 1024 / 1024 },
  });

// ---------------------------------------------------------------- presenters

/** Path of a media file, to append to the site's cdn_prefix. */
export const mediaPath = (key: string) => `/media/${key}`;

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
  fn: (tx: Tx, paidUser: boolean) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const member = await lockMember(tx, userId);
    if (!member) throw notFound();
    return fn(tx, member.paidUser);
  });
}

/**
 * Keeps the main image valid: the chosen photo while it is public and not rejected, else the first
 * public photo by position, else none. A private photo is never the main image, because the main image
 * is shown to everyone (search, likes, og image).
 */
async function repairMain(tx: Tx, userId: number): Promise<number | null> {
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
  if ((await countPhotos(db, member.id)) >= photoLimit(member.paidUser)) throw limitError(member.paidUser);
  const image = await processImage(input.data);
  const filename = randomKey('.webp');
  const thumbFilename = randomKey('_t.webp');
  const removeFiles = () =>
    Promise.allSettled([storage.delete(filename), storage.delete(thumbFilename)]).then(() => undefined);
  try {
    await storage.put(filename, image.main, WEBP);
    await storage.put(thumbFilename, image.thumb, WEBP);
    const { row, mainId } = await asMember(db, member.id, async (tx, paidUser) => {
      if ((await countPhotos(tx, member.id)) >= photoLimit(paidUser)) throw limitError(paidUser);
      const row = await insertPhoto(tx, {
        userId: member.id,
        filename,
        thumbFilename,
        width: image.width,
        height: image.height,
        isPrivate: input.isPrivate,
        status: 'active',
        position: await nextPosition(tx, member.id),
      });
      return { row, mainId: await repairMain(tx, member.id) };
    });
    return presentPhoto(row, mainId, ctx);
  } catch (err) {
    await removeFiles();
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

export async function setPhotoPrivacy(
  db: Db,
  member: Member,
  id: number,
  isPrivate: boolean,
  ctx: MediaContext,
): Promise<TPhoto> {
  const { row, mainId } = await asMember(db, member.id, async (tx) => {
    const row = await updatePrivacy(tx, member.id, id, isPrivate);
    if (!row) throw notFound();
    return { row, mainId: await repairMain(tx, member.id) };
  });
  return presentPhoto(row, mainId, ctx);
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
  await Promise.allSettled([storage.delete(row.filename), storage.delete(row.thumbFilename)]);
  return presentList(db, member, ctx);
}

/** Removes every photo of a member, rows and files (account purge). Returns how many there were. */
export async function deleteAllPhotosOf(db: Db, storage: MediaStorage, userId: number): Promise<number> {
  const rows = await db.transaction(async (tx) => {
    const rows = await deletePhotosOf(tx, userId);
    await setMainPhotoId(tx, userId, null);
    return rows;
  });
  await Promise.allSettled(
    rows.flatMap((r) => [storage.delete(r.filename), storage.delete(r.thumbFilename)]),
  );
  return rows.length;
}

// ---------------------------------------------------------------- serving

/** The bytes of a public, active photo file; 404 for anything else, private ones included. */
export async function readPublicMedia(db: Db, storage: MediaStorage, key: string): Promise<Buffer> {
  const owner = isSafeKey(key) ? await findFileOwner(db, key) : undefined;
  if (!owner || owner.isPrivate || owner.status !== 'active') throw notFound();
  // Demo members' portraits are drawn on their first request, then stored (db/demo/portraits.ts).
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
  if (!isSafeKey(key) || !verifyMediaUrl(secret, key, query, viewerId, now))
    throw new AppError(403, 'media_link_invalid', 'photos.link_invalid');
  if (!(await findFileOwner(db, key))) throw notFound();
  const data = await storage.get(key);
  if (!data) throw notFound();
  return { data, maxAgeSeconds: Math.max(0, Number(query.exp) - Math.floor(now.getTime() / 1000)) };
}
