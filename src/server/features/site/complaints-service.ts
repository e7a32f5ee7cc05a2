import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  type ComplaintTopic,
  complaintReference,
  type TComplaintRequest,
} from '../../../shared/contract/complaints.ts';
import { chooseLocale, type Locale } from '../../../shared/i18n/locales.ts';
import type { Db } from '../../db/client.ts';
import { complaints, profiles, users } from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { t } from '../../platform/i18n.ts';
import type { Mailer } from '../../platform/mail.ts';
import { renderMailLayout } from '../../platform/mail-layout.ts';
import type { SiteRow } from '../../platform/site.ts';

export interface ComplaintContext {
  site: SiteRow;
  /** The sender's language, for the confirmation. */
  locale: Locale;
  /** The site's own origin, for links in the mails. */
  origin: string;
  /** The member who sends it, if logged in. */
  userId: number | null;
}

const topicLabel = (locale: Locale, topic: ComplaintTopic) => t(locale, `complaints.topic.${topic}`);

/** Confirmations one mailbox gets in 24 hours; later complaints are still stored and reach support. */
export const COMPLAINT_CONFIRMATIONS_PER_DAY = 3;

/** The mailbox an address delivers to, for the daily cap: `name+anything@host` is `name@host`. */
const TAG = /\+[^@]*@/;
const mailboxOf = (email: string) => email.replace(TAG, '@');

/**
 * Stores a complaint and, in the same transaction, queues its mail to support (in the site's language,
 * replying goes to the sender) and the sender's confirmation with the reference (L-09). Sent again with the
 * same client id and address, it answers the first one's reference and mails nothing more.
 *
 * Anyone can type any address, so the confirmation must not make the site a mail relay (issue 21): it
 * quotes nothing the sender wrote (not their name, text or links), one mailbox gets at most
 * COMPLAINT_CONFIRMATIONS_PER_DAY of them, and a member id that does not exist (or no longer) answers as
 * a known one would, so the form does not tell which ids exist.
 */
export async function fileComplaint(
  deps: { db: Db; mailer: Mailer },
  input: TComplaintRequest,
  ctx: ComplaintContext,
): Promise<{ reference: string }> {
  return deps.db.transaction(async (tx) => {
    let member: { id: number; name: string } | null = null;
    if (input.member_id) {
      const [row] = await tx
        .select({ id: users.id, name: profiles.name })
        .from(users)
        .innerJoin(profiles, eq(profiles.userId, users.id))
        .where(and(eq(users.id, input.member_id), isNull(users.deletedAt)));
      member = row ?? null;
    }
    // One mailbox at a time, so parallel complaints to one address count each other.
    const mailbox = mailboxOf(input.email);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`complaint-mail:${mailbox}`}, 0))`);
    const [recent] = await tx
      .select({ n: count() })
      .from(complaints)
      .where(
        and(
          sql`regexp_replace(${complaints.email}, ${TAG.source}, '@') = ${mailbox}`,
          gt(complaints.createdAt, sql`now() - interval '1 day'`),
        ),
      );
    const [stored] = await tx
      .insert(complaints)
      .values({
        siteId: ctx.site.id,
        userId: ctx.userId,
        clientId: input.client_id,
        name: input.name,
        email: input.email,
        topic: input.topic,
        memberId: member?.id ?? null,
        message: input.message,
        locale: ctx.locale,
      })
      .onConflictDoNothing({ target: [complaints.email, complaints.clientId] })
      .returning({ id: complaints.id });
    if (!stored) {
      // The same form again (a double tap, a retry): the first one stands, and was mailed then.
      const [first] = await tx
        .select({ id: complaints.id })
        .from(complaints)
        .where(and(eq(complaints.email, input.email), eq(complaints.clientId, input.client_id)));
      if (!first) throw new AppError(409, 'conflict', 'error.general');
      return { reference: complaintReference(first.id) };
    }
    const reference = complaintReference(stored.id);
    const from = `${ctx.site.mailName} <${ctx.site.supportEmail}>`;
    const paragraphs = input.message.split(/\n+/).filter(Boolean);

    // To support, in the language the site is run in.
    const staff = chooseLocale({ domainLanguage: ctx.site.domainLanguage });
    const v = {
      reference,
      topic: topicLabel(staff, input.topic),
      name: input.name,
      email: input.email,
      site: ctx.site.name,
    };
    await deps.mailer.queue(tx, {
      to: ctx.site.supportEmail,
      from,
      headers: { 'Reply-To': `${input.email}` },
      ...renderMailLayout({
        site: ctx.site,
        locale: staff,
        subject: t(staff, 'complaints.mail_staff.subject', v),
        heading: t(staff, 'complaints.mail_staff.heading', v),
        body: [
          t(staff, 'complaints.mail_staff.sender', {
            ...v,
            account: ctx.userId ? `#${ctx.userId}` : t(staff, 'complaints.mail_staff.visitor'),
          }),
          ...(member
            ? [t(staff, 'complaints.mail_staff.member', { member: member.name, id: member.id })]
            : input.member_id
              ? [t(staff, 'complaints.mail_staff.member_unknown', { id: input.member_id })]
              : []),
          ...paragraphs,
        ],
        button: t(staff, member ? 'complaints.mail_staff.open_member' : 'complaints.mail_staff.open_site', v),
        link: member ? `${ctx.origin}/members/${member.id}` : ctx.origin,
        footer: t(staff, 'complaints.mail_staff.footer', v),
      }),
    });

    // To the sender, in their language, with the reference only: nothing they typed.
    if ((recent?.n ?? 0) >= COMPLAINT_CONFIRMATIONS_PER_DAY) return { reference };
    const own = { site: ctx.site.name, reference };
    await deps.mailer.queue(tx, {
      to: input.email,
      from,
      ...renderMailLayout({
        site: ctx.site,
        locale: ctx.locale,
        subject: t(ctx.locale, 'complaints.mail_sender.subject', own),
        heading: t(ctx.locale, 'complaints.mail_sender.heading', own),
        body: [t(ctx.locale, 'complaints.mail_sender.body', own)],
        button: t(ctx.locale, 'complaints.mail_sender.button', own),
        link: ctx.origin,
        footer: t(ctx.locale, 'complaints.mail_sender.footer', own),
      }),
    });
    return { reference };
  });
}
