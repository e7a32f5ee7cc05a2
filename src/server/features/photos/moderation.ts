// Moderation of member photos (M-09), for the back office: approve, remove a rejected one, read any file.
import type { Db } from '../../db/client.ts';
import { renderMissingDemoMedia } from '../../demo/portraits.ts';
import { isSafeKey, type MediaStorage } from '../../platform/storage.ts';
import {
  type Conn,
  deletePhoto,
  findPhotoById,
  isPhotoFile,
  lockMember,
  lockPhoto,
  markApproved,
  type PhotoRow,
  type Tx,
} from './queries.ts';
import { removeFiles, repairMain } from './service.ts';

/** A photo by id, whoever owns it: what the back office's moderation starts from. */
export const findAnyPhoto = (db: Conn, id: number) => findPhotoById(db, id);

/**
 * Approves a photo in the caller's transaction (which also writes the review and the audit line): it is
 * reviewed, and a pending one becomes visible to others. Undefined when the photo is gone; `already` when
 * another moderator reviewed it first (the row is locked, so of two decisions one wins).
 */
export async function approvePhotoIn(
  tx: Tx,
  userId: number,
  id: number,
  now: Date,
): Promise<{ row: PhotoRow; already: boolean } | undefined> {
  if (!(await lockMember(tx, userId))) return undefined;
  const current = await lockPhoto(tx, userId, id);
  if (!current) return undefined;
  if (current.reviewedAt !== null) return { row: current, already: true };
  const row = await markApproved(tx, id, now);
  return row ? { row, already: false } : undefined;
}

/**
 * Removes a rejected photo's row in the caller's transaction, under the member's row lock, and repairs the
 * main image (the next public photo, or none). The files go with `removePhotoFiles` after the commit, as
 * a member's own deletion does: a row never points at a missing file.
 */
export async function removeRejectedPhotoIn(
  tx: Tx,
  userId: number,
  id: number,
): Promise<PhotoRow | undefined> {
  if (!(await lockMember(tx, userId))) return undefined;
  const current = await lockPhoto(tx, userId, id);
  if (!current) return undefined;
  const row = await deletePhoto(tx, userId, id);
  if (!row) return undefined;
  await repairMain(tx, userId);
  return row;
}

/** Removes a photo's files (full image and thumbnail) from storage; never fails. */
export async function removePhotoFiles(
  storage: MediaStorage,
  row: Pick<PhotoRow, 'filename' | 'thumbFilename'>,
): Promise<void> {
  await removeFiles(storage, [row.filename, row.thumbFilename]);
}

/**
 * The bytes of any member photo file, for the back office (which checks its own signed link and role):
 * only files of a photo row, never chat photos or other media. Undefined when there is none.
 */
export async function readPhotoFileForStaff(
  db: Db,
  storage: MediaStorage,
  key: string,
): Promise<Buffer | undefined> {
  if (!isSafeKey(key)) return undefined;
  if (!(await isPhotoFile(db, key))) return undefined;
  return (await storage.get(key)) ?? (await renderMissingDemoMedia(storage, key)) ?? undefined;
}
