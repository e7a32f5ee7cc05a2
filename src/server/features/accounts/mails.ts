import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Locale } from '../../../shared/i18n/locales.ts';
import { t } from '../../platform/i18n.ts';
import type { SiteRow } from '../site/queries.ts';

export type MailKind = 'activation' | 'reset' | 'mail_change' | 'password_changed' | 'email_changed';

interface Rendered {
  subject: string;
  text: string;
  html: string;
}

/**
 * One layout for every account mail, in the member's language and the site's colours. Subjects stay
 * discreet (UX.md): they name the site and the action, never another member.
 */
export function renderAccountMail(
  kind: MailKind,
  ctx: { site: SiteRow; locale: Locale; name: string; link: string; values?: Record<string, string> },
): Rendered {
  const v = { ...ctx.values, site: ctx.site.name, name: ctx.name };
  const tr = (id: string) => t(ctx.locale, `mail.${kind}.${id}`, v);
  const subject = tr('subject');
  const heading = tr('heading');
  const body = tr('body');
  const button = tr('button');
  const footer = t(ctx.locale, 'mail.footer', { site: ctx.site.name });
  const html = `<!doctype html>${renderToStaticMarkup(
    h(
      'html',
      { lang: ctx.locale },
      h('head', null, h('meta', { charSet: 'utf-8' }), h('title', null, subject)),
      h(
        'body',
        {
          style: {
            margin: 0,
            background: '#f6f8f8',
            fontFamily: 'Arial, Helvetica, sans-serif',
            color: '#1b2226',
          },
        },
        h(
          'table',
          { role: 'presentation', width: '100%', cellPadding: 0, cellSpacing: 0 },
          h(
            'tbody',
            null,
            h(
              'tr',
              null,
              h(
                'td',
                { align: 'center', style: { padding: '24px 12px' } },
                h(
                  'table',
                  {
                    role: 'presentation',
                    width: '100%',
                    style: { maxWidth: 520, background: '#ffffff', borderRadius: 16, padding: 28 },
                  },
                  h(
                    'tbody',
                    null,
                    h(
                      'tr',
                      null,
                      h(
                        'td',
                        null,
                        h(
                          'p',
                          {
                            style: {
                              fontSize: 20,
                              fontWeight: 700,
                              color: ctx.site.themePrimary,
                              margin: '0 0 16px',
                            },
                          },
                          ctx.site.name,
                        ),
                        h('h1', { style: { fontSize: 22, margin: '0 0 12px' } }, heading),
                        h('p', { style: { fontSize: 16, lineHeight: '24px', margin: '0 0 24px' } }, body),
                        h(
                          'a',
                          {
                            href: ctx.link,
                            style: {
                              display: 'inline-block',
                              background: ctx.site.themePrimary,
                              color: '#ffffff',
                              padding: '12px 24px',
                              borderRadius: 999,
                              fontWeight: 700,
                              textDecoration: 'none',
                            },
                          },
                          button,
                        ),
                        h(
                          'p',
                          {
                            style: {
                              fontSize: 13,
                              color: '#56616a',
                              margin: '24px 0 0',
                              wordBreak: 'break-all',
                            },
                          },
                          ctx.link,
                        ),
                        h('p', { style: { fontSize: 12, color: '#56616a', margin: '24px 0 0' } }, footer),
                      ),
                    ),
                  ),
                ),
              ),
            ),
          ),
        ),
      ),
    ),
  )}`;
  const text = `${heading}\n\n${body}\n\n${button}: ${ctx.link}\n\n--\n${footer}\n`;
  return { subject, text, html };
}
