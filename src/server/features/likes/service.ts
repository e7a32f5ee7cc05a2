import type { TLikeResponse } from '../../../shared/contract/likes.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { accountExists, findMember } from '../profiles/queries.ts';
import { deleteLike, insertLike } from './queries.ts';

const notFound = () => new AppError(404, 'not_found', 'error.not_found');

/**
 * Likes a member (M-05). Only members others can find may be liked: missing, deleted, banned, unlisted
 * members and members who blocked the viewer answer the same 404 as their profile page does. A member
 * the viewer blocked must be unblocked first. Liking twice changes nothing.
 */
export async function likeMember(db: Db, viewerId: number, memberId: number): Promise<TLikeResponse> {
  if (memberId === viewerId) throw new AppError(400, 'like_self', 'likes.like_self');
  const member = await findMember(db, memberId, viewerId);
  if (!member?.profile.listed || member.blockedViewer) throw notFound();
  if (member.blockedByViewer) throw new AppError(409, 'blocked', 'likes.unblock_first');
  await insertLike(db, viewerId, memberId);
  return { liked: true, match: member.likesViewer };
}

/** Takes a like back; doing it twice changes nothing. Unknown and deleted accounts answer 404. */
export async function unlikeMember(db: Db, viewerId: number, memberId: number): Promise<TLikeResponse> {
  if (memberId === viewerId) throw new AppError(400, 'like_self', 'likes.like_self');
  if (!(await accountExists(db, memberId))) throw notFound();
  await deleteLike(db, viewerId, memberId);
  return { liked: false, match: false };
}
