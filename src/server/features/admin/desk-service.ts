// The chat desk's work (O-05): the queue, claims, typing, answering, openers' shape and the figures.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  DESK_QUEUE_LIMIT,
  type TDeskAnswerRequest,
  type TDeskFiguresResponse,
  type TDeskOpener,
  type TDeskQueueResponse,
} from '../../../shared/contract/admin-desk.ts';
import { toLocale } from '../../../shared/i18n/locales.ts';
import type { deskOpeners } from '../../db/schema.ts';
import { ageOf } from '../../kernel/member-card.ts';
import { AppError } from '../../platform/errors.ts';
import { getMediaSigningSecret } from '../../platform/signed-urls.ts';
import { currentStaff, sitesFor, writeAudit } from '../../platform/staff.ts';
import { answerAsFictional, type ChatDeps, type FictionalDraft } from '../chat/index.ts';
import { conversationFor, holdOf, memberGone, notFound, OPERATOR, staffLocale } from './desk-access.ts';
import {
  blockedBetween,
  claim,
  DESK_ACTIONS,
  DESK_OBJECT,
  figures,
  findDeskConversation,
  findMessage,
  findPhoto,
  findSite,
  insertAnswer,
  queuePage,
  releaseClaim,
  touchClaim,
} from './desk-queries.ts';
import { mediaBytes, presentDeskMessage } from './desk-view.ts';
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
