import type { Locale } from '../../../shared/i18n/locales.ts';
import { t } from '../../platform/i18n.ts';
import { type RenderedMail, renderMailLayout } from '../../platform/mail-layout.ts';
import type { SiteRow } from '../../platform/site.ts';

export type MailKind = 'activation' | 'reset' | 'mail_change' | 'password_changed' | 'email_changed';

/**
 * One layout for every account mail, in the member's language and the site's colours. Subjects stay
 * discreet (UX.md): they name the site and the action, never another member.
 */
export function renderAccountMail(
  kind: MailKind,
  ctx: { site: SiteRow; locale: Locale; name: string; link: string; values?: Record<string, string> },
): RenderedMail {
  const v = { ...ctx.values, site: ctx.site.name, name: ctx.name };
  const tr = (id: string) => t(ctx.locale, `mail.${kind}.${id}`, v);
  const subject = tr('subject');
  const heading = tr('heading');
  const body = tr('body');
  const button = tr('button');
  const footer = t(ctx.locale, 'mail.footer', { site: ctx.site.name });
  return renderMailLayout({
    site: ctx.site,
    locale: ctx.locale,
    subject,
    heading,
    body,
    button,
    link: ctx.link,
    footer,
  });
}
