import {
  type AnyColumn,
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import {
  MEMBERS_COUNT_CAP,
  MEMBERS_PAGE_SIZE,
  type TMemberSearchQuery,
} from '../../../shared/contract/admin-members.ts';
import type { Db } from '../../db/client.ts';
import {
  complaints,
  conversationMembers,
  conversations,
  creditLedger,
  loginDevices,
  messages,
  payments,
  photos,
  profiles,
  sessions,
  sites,
  users,
} from '../../db/schema.ts';

/** `%` and `_` typed by staff are letters, not wildcards. */
const likePrefix = (value: string) => `${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The strings that start with `prefix`, as a range a btree reads (`>= prefix` and `<` the prefix with its
 * last character one code point up) plus the LIKE that makes it exact. PostgreSQL plans LIKE on an index
 * by itself only in the "C" collation, not in C.UTF-8 or a language's; in code point order (C, C.UTF-8)
 * the range is exact, elsewhere close for the letters and digits of addresses.
 */
function startsWith(column: SQL, prefix: string): SQL {
  const chars = Array.from(prefix);
  const last = chars.pop() ?? '';
  const code = last.codePointAt(0) ?? 0;
  const like = sql`${column} like ${likePrefix(prefix)}`;
  if (code >= 0x10ffff) return like;
  // The next code point, stepping over the surrogate block (never a character of its own).
  const next = code + 1 === 0xd800 ? 0xe000 : code + 1;
  const upper = chars.join('') + String.fromCodePoint(next);
  return sql`${column} >= ${prefix} and ${column} < ${upper} and ${like}`;
}

/**
 * The search's condition. An id matches exactly (the primary key); text with an `@` is an e-mail prefix,
 * read from `users_email_key` (lower(email)); other text is an e-mail or a name prefix, the name side read
 * from `profiles_name_prefix_idx` alone (it holds the member's id).
 */
function searchCondition(input: TMemberSearchQuery, siteIds: number[] | null): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (siteIds) parts.push(siteIds.length === 0 ? sql`false` : inArray(users.siteId, siteIds));
  if (input.site !== undefined) parts.push(eq(users.siteId, input.site));
  if (input.status === 'deleted') parts.push(isNotNull(users.deletedAt));
  else if (input.status) parts.push(and(isNull(users.deletedAt), eq(users.status, input.status)));
  const q = input.q?.trim();
  if (q) {
    if (/^\d{1,10}$/.test(q)) {
      const id = Number(q);
      parts.push(id <= 2_147_483_647 ? eq(users.id, id) : sql`false`);
    } else {
      const prefix = q.toLowerCase();
      // Each side of the OR on its own table, so the e-mail side reads its index whatever the name side does.
      parts.push(
        q.includes('@')
          ? startsWith(sql`lower(${users.email})`, prefix)
          : sql`${users.id} in (select u.id from users u where ${startsWith(sql`lower(u.email)`, prefix)}
                union all select p.user_id from profiles p where ${startsWith(sql`lower(p.name)`, prefix)})`,
      );
    }
  }
  return and(...parts);
}

type SortColumns = { id: AnyColumn; lastActiveAt: AnyColumn; credits: AnyColumn };

function orderBy(sort: TMemberSearchQuery['sort'], c: SortColumns): SQL[] {
  switch (sort) {
    case '-created':
      return [desc(c.id)];
    case 'created':
      return [asc(c.id)];
    case '-last_active':
      return [desc(c.lastActiveAt), desc(c.id)];
    case 'last_active':
      return [asc(c.lastActiveAt), asc(c.id)];
    case '-credits':
      return [desc(c.credits), desc(c.id)];
    case 'credits':
      return [asc(c.credits), asc(c.id)];
  }
}

/**
 * One page of matching members and their number (up to MEMBERS_COUNT_CAP + 1, to tell "more").
 *
 * The page is chosen on `users` alone and only its 25 rows are joined to profiles. The members of a rare
 * standing (banned, unconfirmed, deleted) are read from their own index and then sorted: walking the
 * balance or activity index until enough of them turn up reads a hundred rows for every one kept
 * (bench/admin-members.ts). The inner `order by id` keeps PostgreSQL from folding that read into the
 * sorted walk (a subquery with an order is planned on its own) and costs nothing: `users_rare_status_idx`
 * holds them in id order.
 */
export async function searchMembers(db: Db, input: TMemberSearchQuery, siteIds: number[] | null) {
  const where = searchCondition(input, siteIds);
  const matching = db
    .select({
      id: users.id,
      email: users.email,
      siteId: users.siteId,
      status: users.status,
      deletedAt: users.deletedAt,
      credits: users.credits,
      paidUser: users.paidUser,
      createdAt: users.createdAt,
      lastActiveAt: users.lastActiveAt,
    })
    .from(users)
    .where(where);
  const rare = input.status !== undefined && input.status !== 'confirmed' && !input.sort.endsWith('created');
  const pageOf = (m: ReturnType<typeof matching.as>) =>
    db
      .select()
      .from(m)
      .orderBy(...orderBy(input.sort, m))
      .limit(MEMBERS_PAGE_SIZE)
      .offset((input.page - 1) * MEMBERS_PAGE_SIZE)
      .as('page');
  const page = rare
    ? pageOf(matching.orderBy(users.id).as('m'))
    : matching
        .orderBy(...orderBy(input.sort, users))
        .limit(MEMBERS_PAGE_SIZE)
        .offset((input.page - 1) * MEMBERS_PAGE_SIZE)
        .as('page');
  const rows = db
    .select({
      id: page.id,
      email: page.email,
      name: profiles.name,
      siteId: page.siteId,
      status: page.status,
      deletedAt: page.deletedAt,
      fictional: profiles.fictional,
      credits: page.credits,
      paidUser: page.paidUser,
      createdAt: page.createdAt,
      lastActiveAt: page.lastActiveAt,
    })
    .from(page)
    .leftJoin(profiles, eq(profiles.userId, page.id))
    .orderBy(...orderBy(input.sort, page));
  const capped = db
    .select({ one: sql`1` })
    .from(users)
    .where(where)
    .limit(MEMBERS_COUNT_CAP + 1)
    .as('capped');
  const [items, counted] = await Promise.all([rows, db.select({ n: count() }).from(capped)]);
  return { items, total: counted[0]?.n ?? 0 };
}

export async function findMemberAccount(db: Db, id: number) {
  const [row] = await db
    .select({
      user: users,
      profile: profiles,
      site: {
        id: sites.id,
        name: sites.name,
        domain: sites.domain,
        refundDays: sites.refundDays,
        cdnPrefix: sites.cdnPrefix,
      },
    })
    .from(users)
    .innerJoin(sites, eq(sites.id, users.siteId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, id));
  return row ?? null;
}

/** Site and standing of a member, for the checks before an action. */
export async function findMemberStanding(db: Db, id: number) {
  const [row] = await db
    .select({
      id: users.id,
      siteId: users.siteId,
      status: users.status,
      deletedAt: users.deletedAt,
      credits: users.credits,
      banReason: users.banReason,
      language: users.language,
    })
    .from(users)
    .where(eq(users.id, id));
  return row ?? null;
}

export function memberPhotos(db: Db, id: number) {
  return db.select().from(photos).where(eq(photos.userId, id)).orderBy(asc(photos.position), asc(photos.id));
}

/** A photo file (full or thumbnail) of this member, by its storage key. */
export async function memberPhotoByKey(db: Db, memberId: number, key: string) {
  const [row] = await db
    .select({ id: photos.id })
    .from(photos)
    .where(and(eq(photos.userId, memberId), or(eq(photos.filename, key), eq(photos.thumbFilename, key))));
  return row ?? null;
}

export function memberPayments(db: Db, id: number) {
  return db.select().from(payments).where(eq(payments.userId, id)).orderBy(desc(payments.id)).limit(100);
}

export async function memberPayment(db: Db, memberId: number, publicId: string) {
  const [row] = await db
    .select({
      id: payments.id,
      userId: payments.userId,
      status: payments.status,
      credits: payments.credits,
      amountCents: payments.amountCents,
      currency: payments.currency,
      refundedCredits: payments.refundedCredits,
    })
    .from(payments)
    .where(and(eq(payments.publicId, publicId), eq(payments.userId, memberId)));
  return row ?? null;
}

export async function ledgerPage(db: Db, id: number, limit: number, offset: number) {
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.userId, id))
      .orderBy(desc(creditLedger.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(creditLedger).where(eq(creditLedger.userId, id)),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

/** A booking of this member with this reason and reference (a staff adjustment already made). */
export async function findBooking(db: Db, memberId: number, reason: string, reference: string) {
  const [row] = await db
    .select({ balanceAfter: creditLedger.balanceAfter })
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.userId, memberId),
        eq(creditLedger.reason, reason),
        eq(creditLedger.reference, reference),
      ),
    );
  return row ?? null;
}

export function memberSessions(db: Db, id: number) {
  return db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(eq(sessions.userId, id))
    .orderBy(desc(sessions.id))
    .limit(20);
}

export function memberDevices(db: Db, id: number) {
  return db
    .select()
    .from(loginDevices)
    .where(eq(loginDevices.userId, id))
    .orderBy(desc(loginDevices.updatedAt))
    .limit(20);
}

function complaintsWhere(db: Db, where: SQL) {
  return db
    .select({
      id: complaints.id,
      topic: complaints.topic,
      status: complaints.status,
      userId: complaints.userId,
      memberId: complaints.memberId,
      name: complaints.name,
      message: complaints.message,
      createdAt: complaints.createdAt,
    })
    .from(complaints)
    .where(where)
    .orderBy(desc(complaints.id))
    .limit(50);
}

/** Complaints the member sent (logged in), and complaints naming them. */
export async function memberComplaints(db: Db, id: number) {
  const [by, about] = await Promise.all([
    complaintsWhere(db, eq(complaints.userId, id)),
    complaintsWhere(db, eq(complaints.memberId, id)),
  ]);
  return { by, about };
}

/** The member's conversations, most recent first, with the partner; counts, never message text. */
export async function memberConversations(db: Db, id: number) {
  const partner = sql<number>`${conversationMembers.otherId}`;
  const [items, totals, sent] = await Promise.all([
    db
      .select({
        id: conversations.id,
        partnerId: partner,
        partnerName: profiles.name,
        partnerFictional: profiles.fictional,
        messages: conversations.lastSeq,
        startedBy: conversations.startedBy,
        unread: conversationMembers.unread,
        lastActivityAt: conversationMembers.lastActivityAt,
      })
      .from(conversationMembers)
      .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
      .leftJoin(profiles, eq(profiles.userId, conversationMembers.otherId))
      .where(eq(conversationMembers.memberId, id))
      .orderBy(desc(conversationMembers.lastActivityAt))
      .limit(100),
    db.select({ n: count() }).from(conversationMembers).where(eq(conversationMembers.memberId, id)),
    db.select({ n: count() }).from(messages).where(eq(messages.senderId, id)),
  ]);
  return { items, total: totals[0]?.n ?? 0, sent: sent[0]?.n ?? 0 };
}

/** A conversation of this member and whether the other side is a fictional profile. */
export async function memberConversation(db: Db, memberId: number, conversationId: number) {
  const [row] = await db
    .select({ otherId: conversationMembers.otherId, fictional: profiles.fictional })
    .from(conversationMembers)
    .leftJoin(profiles, eq(profiles.userId, conversationMembers.otherId))
    .where(
      and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.memberId, memberId)),
    );
  return row ?? null;
}

/** The last 200 messages of a conversation, oldest first. */
export async function conversationMessages(db: Db, conversationId: number) {
  const rows = await db
    .select({
      seq: messages.seq,
      senderId: messages.senderId,
      sentBy: messages.sentBy,
      kind: messages.kind,
      body: messages.body,
      giftCode: messages.giftCode,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(desc(messages.seq))
    .limit(200);
  return rows.reverse();
}

export async function siteRowOf(db: Db, siteId: number) {
  const [row] = await db.select().from(sites).where(eq(sites.id, siteId));
  return row ?? null;
}
