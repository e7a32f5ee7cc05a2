import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { NOTIFICATION_TYPES, type NotificationType } from '../../../shared/contract/accounts.ts';
import { DEFAULT_LOCALE, type Locale, toLocale } from '../../../shared/i18n/locales.ts';
import { routePath } from '../../../shared/routes.ts';
import type { Db } from '../../db/client.ts';
import { sites, users } from '../../db/schema.ts';
import { t } from '../../platform/i18n.ts';
import type { Job } from '../../platform/jobs.ts';
import type { Mailer } from '../../platform/mail.ts';
import { renderMailLayout } from '../../platform/mail-layout.ts';
import { getOrCreateSecret } from '../../platform/secrets.ts';
import type { SiteRow } from '../../platform/site.ts';
import {
  claimDeliveries,
  findLikeNotices,
  findRecipient,
  findReminderMembers,
  findUnreadBatches,
  findWeeklyMembers,
} from './mail-queries.ts';

/** Timing of the notification mails (N-03). */
export const MAIL_NOTICES = {
  /** A conversation must be quiet this long before its new messages are mailed (batching). */
  quietMs: 2 * 60_000,
  /** Likes and matches wait this long, so several quick ones make one mail. */
  likeQuietMs: 60_000,
  /** Older events are not mailed any more (a job that was down does not send old news). */
  windowMs: 24 * 3_600_000,
  /** At most one new-message mail per conversation in this time. */
  conversationSpacingMs: 3_600_000,
  /** Unread messages this old get a reminder, at most once in `reminderSpacingMs`. */
  reminderAfterMs: 24 * 3_600_000,
  reminderSpacingMs: 3 * 24 * 3_600_000,
  /** The weekly update goes to members away this long. */
  weeklyAwayMs: 3 * 24 * 3_600_000,
  /** Unsubscribe links keep working this long (RFC 8058 mail is often read late). */
  unsubscribeDays: 90,
} as const;

// ---------------------------------------------------------------- unsubscribe tokens (N-04)

export const unsubscribeSecret = (db: Db) =>
  getOrCreateSecret(db, 'unsubscribe', () => randomBytes(32).toString('base64url'));

const sign = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(payload).digest('base64url');

/** A token that turns off one type of mail of one member without login, until it expires. */
export function makeUnsubscribeToken(secret: string, userId: number, type: NotificationType, now: Date) {
  const expires = Math.floor(now.getTime() / 1000) + MAIL_NOTICES.unsubscribeDays * 86_400;
  const payload = `${userId}.${NOTIFICATION_TYPES.indexOf(type)}.${expires}`;
  return `${payload}.${sign(secret, payload)}`;
}

/** The member and type of a valid token; null for a forged, malformed or expired one. */
export function readUnsubscribeToken(secret: string, token: string, now: Date) {
  const m = /^(\d{1,10})\.(\d{1,2})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const [, user, typeIndex, expires, sig] = m as unknown as [string, string, string, string, string];
  const expected = Buffer.from(sign(secret, `${user}.${typeIndex}.${expires}`));
  if (!timingSafeEqual(expected, Buffer.from(sig))) return null;
  const type = NOTIFICATION_TYPES[Number(typeIndex)];
  if (!type || Number(expires) * 1000 < now.getTime()) return null;
  return { userId: Number(user), type };
}

/** Turns one type of mail off and records that it happened through the list-unsubscribe link. */
export async function unsubscribe(db: Db, userId: number, type: NotificationType): Promise<boolean> {
  const [user] = await db
    .select({ settings: users.notificationSettings, disabled: users.notificationsDisabled })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return false;
  await db
    .update(users)
    .set({
      notificationSettings: { ...user.settings, [type]: false },
      notificationsDisabled: user.disabled.includes('listunsubscribe')
        ? user.disabled
        : [...user.disabled, 'listunsubscribe'],
    })
    .where(eq(users.id, userId));
  return true;
}

// ---------------------------------------------------------------- rendering

export interface NoticeContext {
  db: Db;
  mailer: Mailer;
  /** Origin of links per site: PUBLIC_URL, or https://<site domain>. */
  originOf(site: SiteRow): string;
}

type Notice =
  | { kind: 'new_messages' | 'new_conversations'; count: number; conversationId: number | null }
  | { kind: 'like'; likes: number; matches: number }
  | { kind: 'unread_message_reminders'; count: number }
  | { kind: 'weekly_updates'; likes: number; unread: number };

function linkPath(n: Notice): string {
  switch (n.kind) {
    case 'new_messages':
    case 'new_conversations':
      return n.conversationId ? routePath('chats-id', { id: n.conversationId }) : routePath('chats');
    case 'unread_message_reminders':
      return routePath('chats');
    case 'like':
      return routePath('likes');
    case 'weekly_updates':
      return n.unread > 0 ? routePath('chats') : routePath('likes');
  }
}

/** The texts of a notice mail; counts as the recipient's country writes them ("1'234" in Switzerland). */
function textsOf(n: Notice, locale: Locale, values: Record<string, string | number>, country: string | null) {
  const tr = (id: string, more: Record<string, string | number> = {}) =>
    t(locale, `notify.mail.${id}`, { ...values, ...more }, country);
  switch (n.kind) {
    case 'new_messages':
    case 'new_conversations':
      return {
        subject: tr(`${n.kind}.subject`),
        heading: tr(`${n.kind}.heading`),
        body: [tr(`${n.kind}.body`, { count: n.count })],
        button: tr('open_chat'),
      };
    case 'unread_message_reminders':
      return {
        subject: tr('reminder.subject'),
        heading: tr('reminder.heading'),
        body: [tr('reminder.body', { count: n.count })],
        button: tr('open_chat'),
      };
    case 'like':
      return n.matches > 0
        ? {
            subject: tr('match.subject'),
            heading: tr('match.heading'),
            body: [tr('match.body', { count: n.matches })],
            button: tr('open_likes'),
          }
        : {
            subject: tr('like.subject'),
            heading: tr('like.heading'),
            body: [tr('like.body', { count: n.likes })],
            button: tr('open_likes'),
          };
    case 'weekly_updates':
      return {
        subject: tr('weekly.subject'),
        heading: tr('weekly.heading'),
        body: [
          ...(n.likes > 0 ? [tr('weekly.likes', { count: n.likes })] : []),
          ...(n.unread > 0 ? [tr('weekly.unread', { count: n.unread })] : []),
        ],
        button: n.unread > 0 ? tr('open_chat') : tr('open_likes'),
      };
  }
}

/** The type switch (and unsubscribe token) a notice belongs to. */
const typeOf = (n: Notice): NotificationType => n.kind;

async function sitesById(db: Db): Promise<Map<number, SiteRow>> {
  return new Map((await db.select().from(sites)).map((s) => [s.id, s]));
}

/**
 * Claims the notice's idempotency keys and queues its mail in one transaction: a retried or parallel
 * job finds the keys taken and sends nothing. Answers whether this call queued the mail.
 */
async function deliver(
  ctx: NoticeContext,
  siteMap: Map<number, SiteRow>,
  userId: number,
  keys: { key: string; ref?: string }[],
  notice: Notice,
  now: Date,
): Promise<boolean> {
  const secret = await unsubscribeSecret(ctx.db);
  return ctx.db.transaction(async (tx) => {
    const claimed = await claimDeliveries(
      tx,
      keys.map((k) => ({ ...k, userId, channel: 'mail' as const })),
    );
    if (claimed.length === 0) return false;
    const to = await findRecipient(tx, userId);
    const site = to && (siteMap.get(to.site_id) ?? [...siteMap.values()].find((s) => s.isDefault));
    if (!to || !site) return false;
    const locale = toLocale(to.language) ?? DEFAULT_LOCALE;
    const origin = ctx.originOf(site);
    const token = makeUnsubscribeToken(secret, userId, typeOf(notice), now);
    const unsubscribeLink = `${origin}/api/mail/unsubscribe?t=${token}`;
    const texts = textsOf(notice, locale, { site: site.name, name: to.name ?? '' }, to.country);
    const mail = renderMailLayout({
      site,
      locale,
      ...texts,
      link: `${origin}${linkPath(notice)}`,
      footer: t(locale, 'notify.mail.footer', {
        site: site.name,
        type: t(locale, `notification_type.${typeOf(notice)}`),
      }),
      unsubscribe: { text: t(locale, 'notify.mail.unsubscribe'), link: unsubscribeLink },
    });
    await ctx.mailer.queue(tx, {
      to: to.email,
      from: `${site.mailName} <${site.supportEmail}>`,
      ...mail,
      headers: {
        'List-Unsubscribe': `<${unsubscribeLink}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
    return true;
  });
}

const groupBy = <T>(rows: T[], key: (r: T) => number) => {
  const map = new Map<number, T[]>();
  for (const r of rows) {
    const k = key(r);
    map.set(k, [...(map.get(k) ?? []), r]);
  }
  return map;
};

const ago = (now: Date, ms: number) => new Date(now.getTime() - ms);

/** New messages and conversations, one mail per member for everything that came in a quiet period. */
export async function sendMessageMails(ctx: NoticeContext, now: Date): Promise<number> {
  const rows = await findUnreadBatches(
    ctx.db,
    ago(now, MAIL_NOTICES.quietMs),
    ago(now, MAIL_NOTICES.windowMs),
    ago(now, MAIL_NOTICES.conversationSpacingMs),
  );
  const siteMap = await sitesById(ctx.db);
  let sent = 0;
  for (const [memberId, convs] of groupBy(rows, (r) => r.member_id)) {
    const onlyNew = convs.every((c) => c.is_new);
    const notice: Notice = {
      kind: onlyNew ? 'new_conversations' : 'new_messages',
      count: convs.reduce((sum, c) => sum + c.unread, 0),
      conversationId: convs.length === 1 ? (convs[0]?.conversation_id ?? null) : null,
    };
    const keys = convs.map((c) => ({
      key: `mail:msg:${memberId}:${c.conversation_id}:${c.last_seq}`,
      ref: `conv:${c.conversation_id}`,
    }));
    if (await deliver(ctx, siteMap, memberId, keys, notice, now)) sent++;
  }
  return sent;
}

/** Likes and matches, one mail per member for those of a quiet period. */
export async function sendLikeMails(ctx: NoticeContext, now: Date): Promise<number> {
  const rows = await findLikeNotices(
    ctx.db,
    ago(now, MAIL_NOTICES.likeQuietMs),
    ago(now, MAIL_NOTICES.windowMs),
  );
  const siteMap = await sitesById(ctx.db);
  let sent = 0;
  for (const [memberId, list] of groupBy(rows, (r) => r.user_id)) {
    const matches = list.filter((r) => r.kind === 'match').length;
    const notice: Notice = { kind: 'like', likes: list.length - matches, matches };
    const keys = list.map((r) => ({ key: `mail:n:${r.id}` }));
    if (await deliver(ctx, siteMap, memberId, keys, notice, now)) sent++;
  }
  return sent;
}

/** Unread-message reminders (N-05): one per member per day at most, spaced by reminderSpacingMs. */
export async function sendReminderMails(ctx: NoticeContext, now: Date): Promise<number> {
  const rows = await findReminderMembers(
    ctx.db,
    ago(now, MAIL_NOTICES.reminderAfterMs),
    ago(now, 7 * 86_400_000),
    ago(now, MAIL_NOTICES.reminderSpacingMs),
  );
  const siteMap = await sitesById(ctx.db);
  const day = now.toISOString().slice(0, 10);
  let sent = 0;
  for (const r of rows) {
    const keys = [{ key: `mail:reminder:${r.member_id}:${day}`, ref: 'reminder' }];
    const notice: Notice = { kind: 'unread_message_reminders', count: r.unread };
    if (await deliver(ctx, siteMap, r.member_id, keys, notice, now)) sent++;
  }
  return sent;
}

/** ISO week of a date, e.g. 2026-W48. */
export function isoWeek(d: Date): string {
  const day = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  const dow = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - dow);
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/** The weekly update (N-05): once per ISO week for members who were away and have something new. */
export async function sendWeeklyMails(ctx: NoticeContext, now: Date): Promise<number> {
  const week = isoWeek(now);
  const rows = await findWeeklyMembers(
    ctx.db,
    week,
    ago(now, MAIL_NOTICES.weeklyAwayMs),
    ago(now, 90 * 86_400_000),
  );
  const siteMap = await sitesById(ctx.db);
  let sent = 0;
  for (const r of rows) {
    const notice: Notice = { kind: 'weekly_updates', likes: r.new_likes, unread: r.unread };
    if (
      await deliver(ctx, siteMap, r.member_id, [{ key: `mail:weekly:${r.member_id}:${week}` }], notice, now)
    )
      sent++;
  }
  return sent;
}

/** The periodic jobs of the notification mails, for startJobs. Each is idempotent per notification. */
export function notificationMailJobs(ctx: NoticeContext): Job[] {
  return [
    { name: 'mail-new-messages', everyMs: 30_000, run: (now) => sendMessageMails(ctx, now) },
    { name: 'mail-likes', everyMs: 60_000, run: (now) => sendLikeMails(ctx, now) },
    { name: 'mail-unread-reminders', everyMs: 3_600_000, run: (now) => sendReminderMails(ctx, now) },
    { name: 'mail-weekly-updates', everyMs: 3_600_000, run: (now) => sendWeeklyMails(ctx, now) },
  ];
}
