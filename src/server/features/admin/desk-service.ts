import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  DESK_HISTORY_PAGE,
  DESK_QUEUE_LIMIT,
  type TDeskAnswerRequest,
  type TDeskFiguresResponse,
  type TDeskMessage,
  type TDeskOpener,
  type TDeskProfile,
  type TDeskQueueResponse,
  type TDeskViewResponse,
} from '../../../shared/contract/admin-desk.ts';
import { type Locale, toLocale } from '../../../shared/i18n/locales.ts';
import type { deskOpeners, messages, profiles } from '../../db/schema.ts';
import { renderMissingDemoMedia } from '../../demo/portraits.ts';
import { ageOf } from '../../kernel/member-card.ts';
import { AppError } from '../../platform/errors.ts';
import { t } from '../../platform/i18n.ts';
import { getMediaSigningSecret } from '../../platform/signed-urls.ts';
import { assertSite, currentStaff, sitesFor, writeAudit } from '../../platform/staff.ts';
import { answerAsFictional, type ChatDeps, type FictionalDraft } from '../chat/index.ts';
import {
  blockedBetween,
  claim,
  DESK_ACTIONS,
  DESK_OBJECT,
  type DeskConversation,
  figures,
  fileOfConversation,
  findDeskConversation,
  findMessage,
  findPhoto,
  findPhotos,
  findProfile,
  findSite,
  insertAnswer,
  lastDeskAction,
  listHistory,
  queuePage,
  releaseClaim,
  touchClaim,
} from './desk-queries.ts';

/** Who works the desk: operators (admins hold every role). */
export const OPERATOR = ['operator'] as const;

type Hold = 'claim' | 'followup' | null;

const notFound = () => new AppError(404, 'not_found', 'admin.error.not_found');

/** The staff member's language for texts the desk shows (gift names). */
const staffLocale = (req: FastifyRequest): Locale => toLocale(currentStaff(req).language) ?? 'nl';

// ---------------------------------------------------------------- queue

export async function deskQueue(
  app: FastifyInstance,
  req: FastifyRequest,
  query: { site?: number | undefined; locale?: string | undefined },
): Promise<TDeskQueueResponse> {
  const me = currentStaff(req);
  const filter = { sites: sitesFor(me, OPERATOR), site: query.site, locale: query.locale };
  const { rows, total } = await queuePage(app.db, filter, DESK_QUEUE_LIMIT);
  const now = new Date();
  return {
    items: rows.map((r) => ({
      conversation_id: r.conversationId,
      site_id: r.siteId,
      locale: r.locale,
      waiting_since: r.waitingSince.toISOString(),
      wait_seconds: Math.max(0, Math.floor((now.getTime() - r.waitingSince.getTime()) / 1000)),
      unread: r.unread,
      member: {
        id: r.memberId,
        name: r.memberName,
        age: ageOf(r.memberBirth, now) || null,
        city: r.memberCity,
      },
      fictional: { id: r.fictionalId, name: r.fictionalName },
      claim:
        r.claimedBy !== null
          ? { staff_id: r.claimedBy, name: r.claimerName ?? '', mine: r.claimedBy === me.id }
          : null,
    })),
    total,
    now: now.toISOString(),
  };
}

// ---------------------------------------------------------------- one conversation

/** The conversation, if it is one with a fictional profile on a site the operator works for. */
async function conversationFor(app: FastifyInstance, req: FastifyRequest, id: number) {
  const conv = await findDeskConversation(app.db, id);
  if (!conv) throw notFound();
  assertSite(req, OPERATOR, conv.memberSiteId);
  return conv;
}

const memberGone = (conv: DeskConversation) =>
  conv.memberStatus === 'banned' || conv.memberDeletedAt !== null;

/**
 * What this operator may do in the conversation: hold the waiting member's claim, or follow up on their
 * own answer (they answered within a claim's life and did not release it), or only look.
 */
async function holdOf(app: FastifyInstance, conv: DeskConversation, staffId: number): Promise<Hold> {
  if (conv.waitingSince !== null && conv.claimedBy !== null)
    return conv.claimedBy === staffId ? 'claim' : null;
  if (conv.waitingSince !== null && conv.claimedBy === null) {
    // Waiting again after this operator's kept answer: theirs to claim, but they have not yet.
    return null;
  }
  const last = await lastDeskAction(app.db, conv.id);
  return last?.action === DESK_ACTIONS.answer && last.staffId === staffId && last.fresh ? 'followup' : null;
}

const claimed = (name: string | null) =>
  new AppError(409, 'desk_claimed', 'admin.desk.claimed', { values: { name: name ?? '' } });

export async function claimConversation(app: FastifyInstance, req: FastifyRequest, id: number) {
  const conv = await conversationFor(app, req, id);
  if (memberGone(conv)) throw new AppError(409, 'desk_member_gone', 'admin.desk.member_gone');
  if (conv.waitingSince === null) throw new AppError(409, 'desk_not_waiting', 'admin.desk.not_waiting');
  const me = currentStaff(req);
  const row = await app.db.transaction(async (tx) => {
    const won = await claim(tx, id, me.id);
    if (won && conv.claimedBy !== me.id) {
      await writeAudit(tx, req, {
        action: DESK_ACTIONS.claim,
        objectType: DESK_OBJECT,
        objectId: id,
        siteId: conv.memberSiteId,
        roles: OPERATOR,
      });
    }
    return won;
  });
  if (!row?.claimActiveAt) {
    const now = await findDeskConversation(app.db, id);
    throw claimed(now?.claimerName ?? null);
  }
  return { conversation_id: id, claim_active_at: row.claimActiveAt.toISOString() };
}

export async function releaseConversation(app: FastifyInstance, req: FastifyRequest, id: number) {
  const conv = await conversationFor(app, req, id);
  const me = currentStaff(req);
  const hold = await holdOf(app, conv, me.id);
  await app.db.transaction(async (tx) => {
    const released = await releaseClaim(tx, id, me.id);
    if (released || hold === 'followup') {
      await writeAudit(tx, req, {
        action: DESK_ACTIONS.release,
        objectType: DESK_OBJECT,
        objectId: id,
        siteId: conv.memberSiteId,
        roles: OPERATOR,
      });
    }
  });
}

/**
 * Activity in the open conversation keeps the operator's claim alive; `typing` is shown to the member as
 * the fictional profile typing, the way a member's typing frame shows (not across a block).
 */
export async function deskActivity(
  app: FastifyInstance,
  req: FastifyRequest,
  id: number,
  input: { typing?: boolean | undefined },
) {
  const conv = await conversationFor(app, req, id);
  const me = currentStaff(req);
  const hold = await holdOf(app, conv, me.id);
  if (hold === null) throw new AppError(409, 'desk_claim_required', 'admin.desk.claim_required');
  const touched = hold === 'claim' ? await touchClaim(app.db, id, me.id) : undefined;
  if (input.typing !== undefined && !(await blockedBetween(app.db, conv.memberId, conv.fictionalId))) {
    app.bus.publishToMember(conv.memberId, {
      type: 'typing',
      conversation_id: id,
      member_id: conv.fictionalId,
      typing: input.typing,
    });
  }
  return { hold, claim_active_at: touched?.claimActiveAt?.toISOString() ?? null };
}

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

function presentDeskMessage(
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

// ---------------------------------------------------------------- answering

/**
 * The operator's answer as the fictional profile (O-05), through the chat's one send path: free for the
 * profile, delivered live to the member like any message, the profile's side read first (read receipt).
 * Only the operator who holds the claim (or follows up on their own kept answer) may answer. The answer
 * that ends a wait is counted in desk_answers with how long the member waited; every answer is audited.
 */
export async function deskAnswer(
  app: FastifyInstance,
  req: FastifyRequest,
  id: number,
  input: TDeskAnswerRequest,
) {
  const conv = await conversationFor(app, req, id);
  if (memberGone(conv)) throw new AppError(409, 'desk_member_gone', 'admin.desk.member_gone');
  const me = currentStaff(req);
  const hold = await holdOf(app, conv, me.id);
  if (hold === null) {
    if (conv.claimedBy !== null) throw claimed(conv.claimerName);
    throw new AppError(409, 'desk_claim_required', 'admin.desk.claim_required');
  }
  if (hold === 'claim') await touchClaim(app.db, id, me.id);
  const site = await findSite(app.db, conv.memberSiteId);
  if (!site) throw notFound();
  let draft: FictionalDraft;
  if (input.kind === 'text') draft = { kind: 'text', clientId: input.client_id, body: input.body };
  else if (input.kind === 'gift')
    draft = { kind: 'gift', clientId: input.client_id, giftCode: input.gift_code };
  else {
    const photo = await findPhoto(app.db, conv.fictionalId, input.photo_id);
    const data = photo ? await mediaBytes(app, photo.filename) : null;
    if (!data) throw new AppError(400, 'desk_photo_unknown', 'admin.desk.photo_unknown');
    draft = { kind: 'photo', clientId: input.client_id, data };
  }
  const now = new Date();
  const deps: ChatDeps = {
    db: app.db,
    publish: app.bus.publishToMember,
    site,
    mediaSecret: await getMediaSigningSecret(app.db),
    locale: toLocale(conv.memberLanguage) ?? 'nl',
    now,
  };
  const result = await answerAsFictional(deps, app.media, conv.fictionalId, id, draft);
  const waitedMs = conv.waitingSince ? Math.max(0, now.getTime() - conv.waitingSince.getTime()) : null;
  const release = input.release === true;
  if (!result.duplicate) {
    await app.db.transaction(async (tx) => {
      if (waitedMs !== null) {
        await insertAnswer(tx, {
          conversationId: id,
          staffId: me.id,
          siteId: conv.memberSiteId,
          messageId: result.message.id,
          waitedMs,
        });
      }
      await writeAudit(tx, req, {
        action: DESK_ACTIONS.answer,
        objectType: DESK_OBJECT,
        objectId: id,
        siteId: conv.memberSiteId,
        roles: OPERATOR,
        after: { message_id: result.message.id, kind: input.kind, waited_ms: waitedMs },
      });
      if (release) {
        await writeAudit(tx, req, {
          action: DESK_ACTIONS.release,
          objectType: DESK_OBJECT,
          objectId: id,
          siteId: conv.memberSiteId,
          roles: OPERATOR,
        });
      }
    });
  }
  const row = await findMessage(app.db, result.message.id);
  if (!row) throw notFound();
  return {
    message: presentDeskMessage(row, conv.memberId, staffLocale(req), site.cdnPrefix),
    duplicate: result.duplicate,
    waited_ms: result.duplicate ? null : waitedMs,
    hold: release ? null : ('followup' as const),
  };
}

/** A stored file's bytes; a demo profile's portrait is drawn when nobody looked at it yet (development). */
const mediaBytes = async (app: FastifyInstance, key: string) =>
  (await app.media.get(key)) ?? (await renderMissingDemoMedia(app.media, key));

/** A photo file of the conversation (a chat photo, or a photo of either profile), for the desk only. */
export async function deskMedia(app: FastifyInstance, req: FastifyRequest, id: number, key: string) {
  const conv = await conversationFor(app, req, id);
  if (!(await fileOfConversation(app.db, id, key, [conv.memberId, conv.fictionalId]))) throw notFound();
  const data = await mediaBytes(app, key);
  if (!data) throw notFound();
  return data;
}

export { conversationFor as deskConversationFor };

// ---------------------------------------------------------------- figures

const DAY_MS = 86_400_000;

export async function deskFigures(
  app: FastifyInstance,
  req: FastifyRequest,
  query: { from?: string | undefined; to?: string | undefined },
): Promise<TDeskFiguresResponse> {
  const to = query.to ? new Date(`${query.to}T00:00:00Z`) : new Date(Math.ceil(Date.now() / DAY_MS) * DAY_MS);
  const from = query.from ? new Date(`${query.from}T00:00:00Z`) : new Date(to.getTime() - 7 * DAY_MS);
  // `to` is a day: answers of that whole day count.
  const end = query.to ? new Date(to.getTime() + DAY_MS) : to;
  if (from.getTime() >= end.getTime())
    throw new AppError(400, 'desk_range_invalid', 'admin.desk.range_invalid');
  const found = await figures(app.db, { from, to: end, sites: sitesFor(currentStaff(req), OPERATOR) });
  const round = (n: number) => Math.round(n);
  return {
    from: from.toISOString(),
    to: end.toISOString(),
    operators: found.operators.map((r) => ({
      staff_id: r.staffId,
      name: r.name ?? '',
      answered: r.answered,
      median_wait_ms: round(r.median),
      p90_wait_ms: round(r.p90),
    })),
    sites: found.bySite.map((r) => ({
      site_id: r.siteId,
      name: r.name,
      answered: r.answered,
      median_wait_ms: round(r.median),
      p90_wait_ms: round(r.p90),
    })),
  };
}

export const presentOpener = (row: typeof deskOpeners.$inferSelect): TDeskOpener => ({
  id: row.id,
  site_id: row.siteId,
  locale: row.locale,
  body: row.body,
  position: row.position,
});
