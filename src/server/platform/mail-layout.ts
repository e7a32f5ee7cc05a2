import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Locale } from '../../shared/i18n/locales.ts';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export interface MailLayout {
  site: { name: string; themePrimary: string };
  locale: Locale;
  subject: string;
  heading: string;
  /** Paragraphs of the body. */
  body: string | string[];
  button: string;
  link: string;
  footer: string;
  /** Notification mails: the text and link that turn this kind of mail off (N-04). */
  unsubscribe?: { text: string; link: string };
}

const muted = '#56616a';

/**
 * One layout for every mail, in the member's language and the site's colours, with a plain-text part
 * that says the same. Subjects stay discreet (UX.md): they name the site and the action, never another
 * member.
 */
export function renderMailLayout(m: MailLayout): RenderedMail {
  const paragraphs = Array.isArray(m.body) ? m.body : [m.body];
  const html = `<!doctype html>${renderToStaticMarkup(
    h(
      'html',
      { lang: m.locale },
      h('head', null, h('meta', { charSet: 'utf-8' }), h('title', null, m.subject)),
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
                              color: m.site.themePrimary,
                              margin: '0 0 16px',
                            },
                          },
                          m.site.name,
                        ),
                        h('h1', { style: { fontSize: 22, margin: '0 0 12px' } }, m.heading),
                        ...paragraphs.map((p, i) =>
                          h(
                            'p',
                            {
                              key: i,
                              style: {
                                fontSize: 16,
                                lineHeight: '24px',
                                margin: i === paragraphs.length - 1 ? '0 0 24px' : '0 0 12px',
                              },
                            },
                            p,
                          ),
                        ),
                        h(
                          'a',
                          {
                            href: m.link,
                            style: {
                              display: 'inline-block',
                              background: m.site.themePrimary,
                              color: '#ffffff',
                              padding: '12px 24px',
                              borderRadius: 999,
                              fontWeight: 700,
                              textDecoration: 'none',
                            },
                          },
                          m.button,
                        ),
                        h(
                          'p',
                          {
                            style: { fontSize: 13, color: muted, margin: '24px 0 0', wordBreak: 'break-all' },
                          },
                          m.link,
                        ),
                        h('p', { style: { fontSize: 12, color: muted, margin: '24px 0 0' } }, m.footer),
                        m.unsubscribe &&
                          h(
                            'p',
                            { style: { fontSize: 12, color: muted, margin: '8px 0 0' } },
                            h('a', { href: m.unsubscribe.link, style: { color: muted } }, m.unsubscribe.text),
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
    ),
  )}`;
  const unsubscribe = m.unsubscribe ? `\n${m.unsubscribe.text}: ${m.unsubscribe.link}\n` : '';
  const text = `${m.heading}\n\n${paragraphs.join('\n\n')}\n\n${m.button}: ${m.link}\n\n--\n${m.footer}\n${unsubscribe}`;
  return { subject: m.subject, text, html };
}
