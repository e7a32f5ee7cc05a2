import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { AppError } from './errors.ts';
import { findSessionUser, SESSION_COOKIE } from './session.ts';
import { type SignedMediaQuery, verifyMediaUrl } from './signed-urls.ts';
import { isSafeKey, type MediaStorage } from './storage.ts';

/**
 * The logged-in member of a `/media` request, or null. The session hook reads cookies for `/api` only,
 * so a media request looks its session up here; banned and deleted members see no private media.
 */
export async function mediaViewerOf(db: Db, req: FastifyRequest): Promise<number | null> {
  if (req.user) return req.user.id;
  const token = req.cookies[SESSION_COOKIE];
  if (!token || token.length > 100) return null;
  const user = await findSessionUser(db, token);
  return user && user.status !== 'banned' && user.status !== 'deleted' ? user.id : null;
}

/**
 * The bytes of a private file through a signed link: the signature (made for this viewer, not expired)
 * and `mayRead` (the feature's own rule) are both required. 403 for a bad or expired link, 404 when the
 * rule says no or the file is gone. Answers how long the link still holds, for the cache header.
 */
export async function readPrivateMedia(
  storage: MediaStorage,
  secret: string,
  request: { key: string; query: SignedMediaQuery; viewerId: number | null; now: Date },
  mayRead: () => Promise<boolean>,
): Promise<{ data: Buffer; maxAgeSeconds: number }> {
  const { key, query, viewerId, now } = request;
  if (!isSafeKey(key) || !verifyMediaUrl(secret, key, query, viewerId, now))
    throw new AppError(403, 'media_link_invalid', 'photos.link_invalid');
  const data = (await mayRead()) ? await storage.get(key) : null;
  if (!data) throw new AppError(404, 'not_found', 'error.not_found');
  return { data, maxAgeSeconds: Math.max(0, Number(query.exp) - Math.floor(now.getTime() / 1000)) };
}

/** Sends a private image: cached by the browser only while its link holds, no referrer, no sniffing. */
export function sendPrivateImage(reply: FastifyReply, file: { data: Buffer; maxAgeSeconds: number }) {
  return reply
    .header('content-type', 'image/webp')
    .header('cache-control', `private, max-age=${file.maxAgeSeconds}`)
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .send(file.data);
}
