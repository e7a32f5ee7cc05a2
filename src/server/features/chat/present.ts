import type { FastifyInstance } from 'fastify';
import type { TChatMessage, TChatProfile } from '../../../shared/contract/chat.ts';
import { GENDERS, type Gender } from '../../../shared/contract/constants.ts';
import type { Locale } from '../../../shared/i18n/locales.ts';
import type { Db } from '../../db/client.ts';
import { presentMemberCard } from '../../kernel/member-card.ts';
import type { PublishToMember } from '../../platform/bus.ts';
import { t } from '../../platform/i18n.ts';
import type { SessionUser } from '../../platform/session.ts';
import { getMediaSigningSecret, signMediaUrl } from '../../platform/signed-urls.ts';
import type { SiteRow } from '../../platform/site.ts';
import type { findChatProfile } from './chat-list-queries.ts';
import type { Membership } from './conversation-queries.ts';
import type { GiftRow, MessageRow } from './queries.ts';

/** What every chat service call needs besides the database: the bus, the site, media signing, time. */
export interface ChatDeps {
  db: Db;
  publish: PublishToMember;
  site: Pick<
    SiteRow,
    'cdnPrefix' | 'messageCredits' | 'photoCredits' | 'giftCredits' | 'messageLength' | 'freeMessages'
  >;
  /** Signs chat photo URLs for one viewer. */
  mediaSecret: string;
  locale: Locale;
  now: Date;
}

export interface ChatViewer {
  id: number;
  paidUser: boolean;
  /** False for a member whose e-mail is unconfirmed: they may not start a conversation or send. */
  confirmed?: boolean;
}

/** Makes the deps of one chat call, the same for HTTP requests and socket frames. */
export type ChatDepsOf = (site: SiteRow, locale: Locale, publish?: PublishToMember) => ChatDeps;

/** The chat deps factory of an app: the media signing secret is read once. */
export async function chatDepsOf(app: FastifyInstance): Promise<ChatDepsOf> {
  const secret = await getMediaSigningSecret(app.db);
  return (site, locale, publish = app.bus.publishToMember) => ({
    db: app.db,
    publish,
    site,
    mediaSecret: secret,
    locale,
    now: new Date(),
  });
}

/** The sender as the session knows them. */
export const viewerOf = (user: SessionUser): ChatViewer => ({
  id: user.id,
  paidUser: user.paidUser,
  confirmed: user.status === 'confirmed',
});

/** Chat photos are shown through signed links that live this long. */
export const CHAT_PHOTO_URL_TTL_SECONDS = 3600;

// ---------------------------------------------------------------- presenters

export const withPrefix = (prefix: string, path: string) => `${prefix.replace(/\/+$/, '')}${path}`;

/** Public path of a gift's image (static, drawn by gift-images.ts). */
export const giftImagePath = (image: string) => `/media/gifts/${image}`;

/** A signed, viewer-bound path to a chat photo file: /media/chat/<key>?exp&v&sig. */
export function chatPhotoUrl(secret: string, key: string, viewerId: number, now: Date): string {
  return signMediaUrl(secret, key, viewerId, CHAT_PHOTO_URL_TTL_SECONDS, now).replace(
    '/media/private/',
    '/media/chat/',
  );
}

export interface PresentContext {
  cdnPrefix: string;
  mediaSecret: string;
  locale: Locale;
  now: Date;
  /** A member blocked either way: their chat photos are shown without links (no new signed links). */
  hidePhotosOf?: number | null;
}

export function presentMessage(row: MessageRow, viewerId: number, ctx: PresentContext): TChatMessage {
  const mine = row.senderId === viewerId;
  return {
    id: row.id,
    conversation_id: row.conversationId,
    seq: row.seq,
    client_id: mine ? row.clientId : null,
    sender_id: row.senderId,
    mine,
    kind: row.kind,
    body: row.kind === 'text' ? row.body : null,
    photo:
      row.kind === 'photo' && row.photoFilename && row.photoThumbFilename && row.senderId !== ctx.hidePhotosOf
        ? {
            url: chatPhotoUrl(ctx.mediaSecret, row.photoFilename, viewerId, ctx.now),
            thumb_url: chatPhotoUrl(ctx.mediaSecret, row.photoThumbFilename, viewerId, ctx.now),
            width: row.photoWidth ?? 1,
            height: row.photoHeight ?? 1,
          }
        : null,
    gift:
      row.kind === 'gift' && row.giftCode
        ? {
            code: row.giftCode,
            name: t(ctx.locale, `gift.${row.giftCode}`),
            image_url: withPrefix(ctx.cdnPrefix, giftImagePath(`${row.giftCode}.svg`)),
          }
        : null,
    created_at: row.createdAt.toISOString(),
  };
}

type ProfileRow = NonNullable<Awaited<ReturnType<typeof findChatProfile>>>;

const toGender = (value: string | null): Gender | null =>
  (GENDERS as readonly string[]).includes(value ?? '') ? (value as Gender) : null;

export function presentChatProfile(row: ProfileRow, ctx: { cdnPrefix: string; now: Date }): TChatProfile {
  const card = presentMemberCard(row.card, ctx);
  const available = row.listed && !row.blocked;
  return {
    id: card.id,
    name: card.name,
    age: card.age || null,
    city: available ? card.city : null,
    thumb_url: available ? card.thumb_url : null,
    fictional: card.fictional,
    gender: available ? toGender(row.gender) : null,
    online: available && card.online,
    available,
  };
}

export function presentGift(row: GiftRow, deps: Pick<ChatDeps, 'site' | 'locale'>) {
  return {
    code: row.code,
    name: t(deps.locale, `gift.${row.code}`),
    image_url: withPrefix(deps.site.cdnPrefix, giftImagePath(row.image)),
    price: row.price ?? deps.site.giftCredits,
  };
}

export function presentState(m: Membership, viewerId: number) {
  return {
    id: m.conversationId,
    last_seq: m.lastSeq,
    my_read_seq: m.readSeq,
    other_read_seq: m.otherReadSeq,
    started_by_me: m.startedBy === viewerId,
  };
}

export const presentContext = (deps: ChatDeps): PresentContext => ({
  cdnPrefix: deps.site.cdnPrefix,
  mediaSecret: deps.mediaSecret,
  locale: deps.locale,
  now: deps.now,
});
