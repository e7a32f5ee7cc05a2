import { CHAT_ERRORS } from '../../../shared/contract/chat.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { findCounterpart, findMembership, type Membership } from './queries.ts';

export const notFound = () => new AppError(404, 'not_found', 'error.not_found');

// ---------------------------------------------------------------- who may write to whom

/**
 * Refuses writing to a member who is gone, hidden, banned or blocked either way, and to one whose e-mail
 * is unconfirmed (they cannot receive messages until they confirm it: the sender is told so).
 */
export async function assertCanWrite(db: Db, viewerId: number, memberId: number) {
  if (viewerId === memberId) throw new AppError(400, CHAT_ERRORS.self, 'chat.self');
  assertWritable(await findCounterpart(db, viewerId, memberId));
}

/** The same rules on a counterpart already read (with the conversation, for a send). */
export function assertWritable(
  member: { listed: boolean; blockedMe: boolean; blockedByMe: boolean; status: string } | undefined,
) {
  if (!member?.listed || member.blockedMe)
    throw new AppError(409, CHAT_ERRORS.unavailable, 'chat.member_unavailable');
  if (member.blockedByMe) throw new AppError(409, CHAT_ERRORS.blockedByMe, 'chat.unblock_first');
  if (member.status !== 'confirmed')
    throw new AppError(409, CHAT_ERRORS.recipientUnconfirmed, 'chat.recipient_unconfirmed');
}

/** A member whose e-mail address is unconfirmed starts no conversation and sends nothing (issue 21). */
export function assertConfirmedSender(viewer: { confirmed?: boolean }) {
  if (viewer.confirmed === false)
    throw new AppError(403, CHAT_ERRORS.senderUnconfirmed, 'chat.sender_unconfirmed');
}

export async function membershipOf(db: Db, conversationId: number, viewerId: number): Promise<Membership> {
  const membership = await findMembership(db, conversationId, viewerId);
  if (!membership) throw notFound();
  return membership;
}
