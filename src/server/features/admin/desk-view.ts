// The chat desk's conversation view (O-05): both profiles, the messages and the photo files.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  DESK_HISTORY_PAGE,
  type TDeskMessage,
  type TDeskProfile,
  type TDeskViewResponse,
} from '../../../shared/contract/admin-desk.ts';
import type { Locale } from '../../../shared/i18n/locales.ts';
import type { messages, profiles } from '../../db/schema.ts';
import { renderMissingDemoMedia } from '../../demo/portraits.ts';
import { ageOf } from '../../kernel/member-card.ts';
import { t } from '../../platform/i18n.ts';
import { currentStaff } from '../../platform/staff.ts';
import { conversationFor, holdOf, notFound, staffLocale } from './desk-access.ts';
import {
  type DeskConversation,
  fileOfConversation,
  findMessage,
  findPhotos,
  findProfile,
  findSite,
  listHistory,
} from './desk-queries.ts';

type ProfileRow = typeof profiles.$inferSelect;

const mediaUrl = (conversationId: number, key: string) =>
  `/api/admin/desk/${conversationId}/media/${encodeURIComponent(key)}`;

async function presentProfile(
  app: FastifyInstance,
  conversationId: number,
  userId: number,
  now: Date,
): Promise<TDeskProfile> {
  const [found, pictures] = await Promise.all([findProfile(app.db, userId), findPhotos(app.db, userId)]);
  if (!found) throw notFound();
  const p: ProfileRow = found.profile;
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries({
    sexuality: p.sexuality,
    hair_colour: p.hairColour,
    eye_colour: p.eyeColour,
    body_type: p.bodyType,
    relationship_status: p.relationshipStatus,
    tattoos: p.tattoos,
    signup_reason: p.signupReason,
  })) {
    if (value) fields[name] = value;
  }
  return {
    id: p.userId,
    name: p.name,
    age: ageOf(p.dateOfBirth, now) || null,
    gender: p.gender,
    looking_for: p.lookingFor,
    city: p.city,
    region: p.region,
    country: p.country,
    about: p.about,
    fields,
    interests: p.interests,
    photos: pictures.map((ph) => ({
      id: ph.id,
      url: mediaUrl(conversationId, ph.filename),
      thumb_url: mediaUrl(conversationId, ph.thumbFilename),
    })),
    language: found.language,
  };
}

type MessageRow = typeof messages.$inferSelect;

export function presentDeskMessage(
  row: MessageRow,
  memberId: number,
  locale: Locale,
  cdnPrefix: string,
): TDeskMessage {
  return {
    id: row.id,
    seq: row.seq,
    from: row.senderId === memberId ? 'member' : 'fictional',
    sent_by: row.sentBy,
    kind: row.kind,
    body: row.kind === 'text' ? row.body : null,
    gift:
      row.kind === 'gift' && row.giftCode
        ? {
            code: row.giftCode,
            name: t(locale, `gift.${row.giftCode}`),
            image_url: `${cdnPrefix.replace(/\/+$/, '')}/media/gifts/${row.giftCode}.svg`,
          }
        : null,
    photo:
      row.kind === 'photo' && row.photoFilename && row.photoThumbFilename
        ? {
            url: mediaUrl(row.conversationId, row.photoFilename),
            thumb_url: mediaUrl(row.conversationId, row.photoThumbFilename),
          }
        : null,
    created_at: row.createdAt.toISOString(),
  };
}

/** A message of the conversation as the desk shows it (the live stream uses it too). */
export async function deskMessage(
  app: FastifyInstance,
  req: FastifyRequest,
  conv: DeskConversation,
  messageId: number,
) {
  const row = await findMessage(app.db, messageId);
  if (!row || row.conversationId !== conv.id) return undefined;
  const site = await findSite(app.db, conv.memberSiteId);
  return presentDeskMessage(row, conv.memberId, staffLocale(req), site?.cdnPrefix ?? '');
}

export async function deskView(
  app: FastifyInstance,
  req: FastifyRequest,
  id: number,
  query: { before_seq?: number | undefined },
): Promise<TDeskViewResponse> {
  const conv = await conversationFor(app, req, id);
  const me = currentStaff(req);
  const hold = await holdOf(app, conv, me.id);
  // Reading is not activity: a view left open on a screen lets its claim lapse (the screen reports opening
  // and typing through deskActivity).
  const now = new Date();
  const [site, member, fictional, rows] = await Promise.all([
    findSite(app.db, conv.memberSiteId),
    presentProfile(app, id, conv.memberId, now),
    presentProfile(app, id, conv.fictionalId, now),
    listHistory(app.db, id, query.before_seq, DESK_HISTORY_PAGE),
  ]);
  if (!site) throw notFound();
  const more = rows.length > DESK_HISTORY_PAGE;
  const page = more ? rows.slice(1) : rows;
  const locale = staffLocale(req);
  return {
    conversation: {
      id,
      site: { id: site.id, name: site.name, domain: site.domain },
      locale: conv.memberLanguage,
      waiting_since: conv.waitingSince?.toISOString() ?? null,
      unread: conv.unread,
      last_seq: conv.lastSeq,
      member_read_seq: conv.memberReadSeq ?? 0,
      claim:
        conv.claimedBy !== null && conv.claimActiveAt
          ? {
              staff_id: conv.claimedBy,
              name: conv.claimerName ?? '',
              mine: conv.claimedBy === me.id,
              active_at: conv.claimActiveAt.toISOString(),
            }
          : null,
      hold,
    },
    member,
    fictional,
    messages: page.map((row) => presentDeskMessage(row, conv.memberId, locale, site.cdnPrefix)),
    has_more_before: more,
  };
}

/** A stored file's bytes; a demo profile's portrait is drawn when nobody looked at it yet (development). */
export const mediaBytes = async (app: FastifyInstance, key: string) =>
  (await app.media.get(key)) ?? (await renderMissingDemoMedia(app.media, key));

/** A photo file of the conversation (a chat photo, or a photo of either profile), for the desk only. */
export async function deskMedia(app: FastifyInstance, req: FastifyRequest, id: number, key: string) {
  const conv = await conversationFor(app, req, id);
  if (!(await fileOfConversation(app.db, id, key, [conv.memberId, conv.fictionalId]))) throw notFound();
  const data = await mediaBytes(app, key);
  if (!data) throw notFound();
  return data;
}
