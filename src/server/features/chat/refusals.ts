import { CHAT_ERRORS } from '../../../shared/contract/chat.ts';
import { AppError } from '../../platform/errors.ts';

/**
 * Every reason chat refuses a send or a start, with its answer (status, code, catalog message): the one
 * table behind both the TS checks (access.ts) and the mapping of what `chat_send()` answers (send.ts).
 */
export const CHAT_REFUSALS = {
  // The sender's own session, as a socket's send carries it (session_standing(); issue 21 item 1): the
  // answers a socket gives any acting frame of a banned member or an ended session.
  banned: { status: 403, code: 'banned', messageId: 'auth.banned' },
  session_ended: { status: 403, code: 'authentication_required', messageId: 'auth.required' },
  not_found: { status: 404, code: 'not_found', messageId: 'error.not_found' },
  unavailable: { status: 409, code: CHAT_ERRORS.unavailable, messageId: 'chat.member_unavailable' },
  blocked_by_me: { status: 409, code: CHAT_ERRORS.blockedByMe, messageId: 'chat.unblock_first' },
  recipient_unconfirmed: {
    status: 409,
    code: CHAT_ERRORS.recipientUnconfirmed,
    messageId: 'chat.recipient_unconfirmed',
  },
  unknown_gift: { status: 400, code: CHAT_ERRORS.unknownGift, messageId: 'chat.unknown_gift' },
  premium_only: { status: 403, code: CHAT_ERRORS.premiumOnly, messageId: 'premium.only' },
  insufficient_credits: { status: 402, code: 'insufficient_credits', messageId: 'credits.insufficient' },
  self: { status: 400, code: CHAT_ERRORS.self, messageId: 'chat.self' },
  sender_unconfirmed: {
    status: 403,
    code: CHAT_ERRORS.senderUnconfirmed,
    messageId: 'chat.sender_unconfirmed',
  },
  client_id_reused: { status: 409, code: CHAT_ERRORS.clientIdReused, messageId: 'chat.client_id_reused' },
} as const;

export type ChatRefusal = keyof typeof CHAT_REFUSALS;

/** The answer to a refusal; `required` says how many credits a send needed. */
export function refuse(reason: ChatRefusal, required?: number): AppError {
  const { status, code, messageId } = CHAT_REFUSALS[reason];
  return new AppError(
    status,
    code,
    messageId,
    reason === 'insufficient_credits' ? { details: { required: required ?? 0 } } : {},
  );
}

/** The other member of a write as both sides read them. */
export interface Counterpart {
  listed: boolean;
  blockedMe: boolean;
  blockedByMe: boolean;
  status: string;
}

/**
 * Who may write to whom, in the order the checks run, each rule once: `ts` is the check on a counterpart
 * read in TS (opening a chat, a gift from the profile page, a photo), `sql` the same condition in
 * `chat_send()`'s outcome (db/functions/chat_send.sql, the row alias `s`). refusals.test.ts fails while
 * the SQL function's list of refusals and this table differ; a change here is a change of chat_send.sql
 * (and a migration made from it).
 */
export const WRITE_RULES: readonly { refusal: ChatRefusal; sql: string; ts?: (m: Counterpart) => boolean }[] =
  [
    // The sender's session, when the send names one (a socket's send; HTTP checked it with the request).
    { refusal: 'banned', sql: "s.standing = 'banned'" },
    { refusal: 'session_ended', sql: "s.standing = 'ended'" },
    // The sender is in the conversation and the other member exists (TS reads the member directly).
    { refusal: 'not_found', sql: 'NOT s.member_found' },
    { refusal: 'unavailable', sql: 'NOT s.listed OR s.blocked_me', ts: (m) => !m.listed || m.blockedMe },
    { refusal: 'blocked_by_me', sql: 's.blocked_by_me', ts: (m) => m.blockedByMe },
    {
      refusal: 'recipient_unconfirmed',
      sql: "s.other_status <> 'confirmed'",
      ts: (m) => m.status !== 'confirmed',
    },
    // What the send itself asks of the sender: the SQL function checks these with the write.
    { refusal: 'unknown_gift', sql: "s.kind = 'gift' AND NOT s.gift_found" },
    { refusal: 'premium_only', sql: "s.kind = 'photo' AND NOT s.paid" },
    { refusal: 'insufficient_credits', sql: 's.use_credits AND s.credits < s.eff_cost' },
  ];

/** The first rule a counterpart breaks (a missing one is unavailable), else null. */
export function writeRefusal(member: Counterpart | undefined): ChatRefusal | null {
  if (!member) return 'unavailable';
  for (const rule of WRITE_RULES) if (rule.ts?.(member)) return rule.refusal;
  return null;
}
