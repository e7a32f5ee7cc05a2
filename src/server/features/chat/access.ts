import type { Db } from '../../db/client.ts';
import { findMembership, type Membership } from './conversation-queries.ts';
import { findCounterpart } from './queries.ts';
import { type Counterpart, refuse, writeRefusal } from './refusals.ts';

export const notFound = () => refuse('not_found');

// ---------------------------------------------------------------- who may write to whom

/**
 * Refuses writing to a member who is gone, hidden, banned or blocked either way, and to one whose e-mail
 * is unconfirmed (they cannot receive messages until they confirm it: the sender is told so). The rules
 * are refusals.ts's WRITE_RULES, the table chat_send() is checked against.
 */
export async function assertCanWrite(db: Db, viewerId: number, memberId: number) {
  if (viewerId === memberId) throw refuse('self');
  assertWritable(await findCounterpart(db, viewerId, memberId));
}

/** The same rules on a counterpart already read (with the conversation, for a send). */
export function assertWritable(member: Counterpart | undefined) {
  const refusal = writeRefusal(member);
  if (refusal) throw refuse(refusal);
}

/** A member whose e-mail address is unconfirmed starts no conversation and sends nothing (issue 21). */
export function assertConfirmedSender(viewer: { confirmed?: boolean }) {
  if (viewer.confirmed === false) throw refuse('sender_unconfirmed');
}

export async function membershipOf(db: Db, conversationId: number, viewerId: number): Promise<Membership> {
  const membership = await findMembership(db, conversationId, viewerId);
  if (!membership) throw notFound();
  return membership;
}
