import type { TSendMessageResponse } from '../../../shared/contract/chat.ts';
import type { Db } from '../../db/client.ts';
import { readPrivateMedia } from '../../platform/private-media.ts';
import type { SignedMediaQuery } from '../../platform/signed-urls.ts';
import { type MediaStorage, randomKey } from '../../platform/storage.ts';
import { processImage } from '../photos/index.ts';
import { assertCanWrite, assertConfirmedSender, membershipOf } from './access.ts';
import { type ChatDeps, type ChatViewer, presentContext, presentMessage } from './present.ts';
import {
  findChatPhotoMembers,
  findMessageByClientId,
  findSender,
  freeMessagesUsed,
  type MessageRow,
} from './queries.ts';
import { refuse } from './refusals.ts';
import { type Draft, sameContent, sendMessage } from './send.ts';

// Photo messages (M-04): the file through the photo pipeline, then the one send of send.ts.

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
