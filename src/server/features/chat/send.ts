import type { MessageKind, TSendMessageResponse } from '../../../shared/contract/chat.ts';
import type { RealtimeEventMap } from '../../../shared/contract/realtime.ts';
import { type Locale, toLocale } from '../../../shared/i18n/locales.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { readPrivateMedia } from '../../platform/private-media.ts';
import type { SignedMediaQuery } from '../../platform/signed-urls.ts';
import { type MediaStorage, randomKey } from '../../platform/storage.ts';
import { processImage } from '../photos/index.ts';
import { assertCanWrite, assertConfirmedSender, membershipOf, notFound } from './access.ts';
import { type ChatDeps, type ChatViewer, presentContext, presentMessage } from './present.ts';
import {
  findChatPhotoMembers,
  findMessageByClientId,
  findSender,
  freeMessagesUsed,
  isFictional,
  type MessageRow,
} from './queries.ts';
import { refuse } from './refusals.ts';
import { type BatchError, submitSend } from './send-batch.ts';

// ---------------------------------------------------------------- sending

/** A message to store: its kind and content; photos arrive as stored files. */
export type Draft = { clientId: string } & (
  | { kind: 'text'; body: string }
  | { kind: 'gift'; giftCode: string }
  | { kind: 'photo'; photo: { filename: string; thumbFilename: string; width: number; height: number } }
);

function costOf(kind: MessageKind, site: ChatDeps['site']): { credits: number; reason: string } {
  if (kind === 'photo') return { credits: site.photoCredits, reason: 'chat_photo' };
  if (kind === 'gift') return { credits: site.giftCredits, reason: 'chat_gift' };
  return { credits: site.messageCredits, reason: 'chat_message' };
}

function sameContent(row: MessageRow, conversationId: number, draft: Draft): boolean {
  if (row.conversationId !== conversationId || row.kind !== draft.kind) return false;
  if (draft.kind === 'text') return row.body === draft.body;
  if (draft.kind === 'gift') return row.giftCode === draft.giftCode;
  return true;
}

/** A stored message answered again for a retry: nothing is booked twice. */
async function answerDuplicate(
  deps: ChatDeps,
  viewer: ChatViewer,
  conversationId: number,
  draft: Draft,
  row: MessageRow,
): Promise<TSendMessageResponse> {
  if (!sameContent(row, conversationId, draft)) throw refuse('client_id_reused');
  const account = await findSender(deps.db, viewer.id);
  return {
    message: presentMessage(row, viewer.id, presentContext(deps)),
    credits: account?.credits ?? 0,
    duplicate: true,
    free_messages_left: account?.paidUser
      ? null
      : Math.max(0, deps.site.freeMessages - (await freeMessagesUsed(deps.db, viewer.id))),
  };
}

/** The answer to a send the database refused: its refusal in the one table of chat refusals. */
export function refusal(outcome: { error: BatchError; required?: number }): AppError {
  return refuse(outcome.error, outcome.required);
}

/**
 * Stores a message and books what it costs in one transaction (C-03, C-12): no message without its
 * booking, no booking without its message. The database function `chat_send` does the checks
 * and writes, and sends that arrive together share its transaction (send-batch.ts, decision 0013).
 * A retry with the same client id answers the stored message. Events go out only after the commit.
 * Free members spend their free text messages first; photos are for premium members.
 */
export async function sendMessage(
  deps: ChatDeps,
  viewer: ChatViewer,
  conversationId: number,
  draft: Draft,
  opts: { sentBy?: 'member' | 'operator' } = {},
): Promise<TSendMessageResponse> {
  const sentBy = opts.sentBy ?? 'member';
  assertConfirmedSender(viewer);
  if (draft.kind === 'text' && draft.body.length > deps.site.messageLength) {
    throw new AppError(400, 'validation', 'error.validation', {
      details: { fieldIds: { body: 'chat.message_long' } },
    });
  }
  const cost = sentBy === 'operator' ? { credits: 0, reason: '' } : costOf(draft.kind, deps.site);
  const outcome = await submitSend(deps.db, {
    sender: viewer.id,
    conv: conversationId,
    client_id: draft.clientId,
    kind: draft.kind,
    body: draft.kind === 'text' ? draft.body : null,
    gift_code: draft.kind === 'gift' ? draft.giftCode : null,
    photo_filename: draft.kind === 'photo' ? draft.photo.filename : null,
    photo_thumb_filename: draft.kind === 'photo' ? draft.photo.thumbFilename : null,
    photo_width: draft.kind === 'photo' ? draft.photo.width : null,
    photo_height: draft.kind === 'photo' ? draft.photo.height : null,
    sent_by: sentBy,
    cost: cost.credits,
    reason: cost.reason,
    gift_default: deps.site.giftCredits,
    free_limit: deps.site.freeMessages,
    created_at: deps.now.toISOString(),
  });
  if (outcome.status === 'error') throw refusal(outcome);
  if (outcome.status === 'duplicate' && !sameContent(outcome.row, conversationId, draft))
    throw refuse('client_id_reused');
  if (outcome.status === 'ok' && outcome.recipient) {
    announce(deps, viewer.id, outcome.recipient, outcome.row, outcome.spent > 0 ? outcome.credits : null);
  }
  return {
    message: presentMessage(outcome.row, viewer.id, presentContext(deps)),
    credits: outcome.credits,
    duplicate: outcome.status === 'duplicate',
    free_messages_left: outcome.freeLeft,
  };
}

/**
 * Tells both members' sockets about a committed message and the spend. The recipient's copy carries
 * their new unread total: one event, not a message and a counts event.
 */
function announce(
  deps: ChatDeps,
  senderId: number,
  recipient: { id: number; language: string; unread: number },
  row: MessageRow,
  credits: number | null,
) {
  const recipientLocale = toLocale(recipient.language) ?? deps.locale;
  const ctx = presentContext(deps);
  const event = (viewerId: number, locale: Locale): RealtimeEventMap['message'] & { type: 'message' } => ({
    type: 'message',
    conversation_id: row.conversationId,
    message: presentMessage(row, viewerId, { ...ctx, locale }),
  });
  deps.publish(senderId, event(senderId, deps.locale));
  deps.publish(recipient.id, { ...event(recipient.id, recipientLocale), unread_messages: recipient.unread });
  if (credits !== null) deps.publish(senderId, { type: 'credits', credits });
}

/**
 * Sends a private photo (M-04) through the photo pipeline: checked by content, re-encoded without metadata,
 * stored under random keys and shown only through links signed for one of the two members. Premium
 * only; the files are removed again when the message is refused or was a retry.
 */
export async function sendPhoto(
  deps: ChatDeps,
  storage: MediaStorage,
  viewer: ChatViewer,
  conversationId: number,
  input: { clientId: string; data: Buffer },
  opts: { sentBy?: 'member' | 'operator' } = {},
): Promise<TSendMessageResponse> {
  const earlier = await findMessageByClientId(deps.db, viewer.id, input.clientId);
  const draftOf = (photo: Extract<Draft, { kind: 'photo' }>['photo']): Draft => ({
    kind: 'photo',
    clientId: input.clientId,
    photo,
  });
  assertConfirmedSender(viewer);
  if (earlier) {
    return answerDuplicate(
      deps,
      viewer,
      conversationId,
      draftOf({ filename: '', thumbFilename: '', width: 1, height: 1 }),
      earlier,
    );
  }
  const membership = await membershipOf(deps.db, conversationId, viewer.id);
  if (!viewer.paidUser) throw refuse('premium_only');
  await assertCanWrite(deps.db, viewer.id, membership.otherId);
  const image = await processImage(input.data);
  const photo = {
    filename: randomKey('.webp'),
    thumbFilename: randomKey('_t.webp'),
    width: image.width,
    height: image.height,
  };
  const removeFiles = () =>
    Promise.allSettled([storage.delete(photo.filename), storage.delete(photo.thumbFilename)]);
  try {
    await storage.put(photo.filename, image.main, 'image/webp');
    await storage.put(photo.thumbFilename, image.thumb, 'image/webp');
    const result = await sendMessage(deps, viewer, conversationId, draftOf(photo), opts);
    if (result.duplicate) await removeFiles();
    return result;
  } catch (err) {
    await removeFiles();
    throw err;
  }
}

/**
 * The bytes of a chat photo file for a viewer: the signed link (made for this viewer, not expired) and
 * membership of the photo's conversation are both required. 403 for a bad link, 404 for anyone else.
 */
export async function readChatPhoto(
  db: Db,
  storage: MediaStorage,
  secret: string,
  key: string,
  query: SignedMediaQuery,
  viewerId: number | null,
  now: Date,
): Promise<{ data: Buffer; maxAgeSeconds: number }> {
  return readPrivateMedia(storage, secret, { key, query, viewerId, now }, async () => {
    const members = await findChatPhotoMembers(db, key);
    if (!members || (members.low !== viewerId && members.high !== viewerId)) return false;
    // After a block either way, only the sender still opens their own photo.
    return !members.blocked || members.senderId === viewerId;
  });
}

/** An operator's answer for a fictional profile: free, stored as sent by an operator. */
export async function sendAsOperator(
  deps: ChatDeps,
  fictionalId: number,
  conversationId: number,
  input: { clientId: string; body: string },
): Promise<TSendMessageResponse> {
  if (!(await isFictional(deps.db, fictionalId))) throw notFound();
  return sendMessage(
    deps,
    { id: fictionalId, paidUser: true },
    conversationId,
    { kind: 'text', ...input },
    { sentBy: 'operator' },
  );
}
