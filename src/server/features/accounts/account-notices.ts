import type { Locale } from '../../../shared/i18n/locales.ts';
import { renderAccountMail } from './mails.ts';
import type { AccountBundle } from './queries.ts';
import type { Deps, RequestContext } from './service.ts';

/** "anna@example.nl" as "a***@example.nl": enough to recognise, too little to harvest. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

/**
 * Tells a member, at the address the account had, that its password or e-mail address changed, in the
 * member's own language (issue 10 item 10). If it was not them, the mail says what to do next.
 */
export async function sendAccountNotice(
  deps: Deps,
  bundle: AccountBundle,
  notice: { kind: 'password_changed' } | { kind: 'email_changed'; newEmail: string },
  ctx: RequestContext,
) {
  const link =
    notice.kind === 'password_changed' ? `${ctx.origin}/reset-password` : `${ctx.origin}/pages/service`;
  const mail = renderAccountMail(notice.kind, {
    site: ctx.site,
    locale: (bundle.user.language as Locale) ?? ctx.locale,
    name: bundle.profile.name,
    link,
    values: notice.kind === 'email_changed' ? { email: maskEmail(notice.newEmail) } : {},
  });
  await deps.mailer.send({
    to: bundle.user.email,
    from: `${ctx.site.mailName} <${ctx.site.supportEmail}>`,
    ...mail,
  });
}
