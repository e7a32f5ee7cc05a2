import { type ReactNode, useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAdminLocale } from '../../i18n.tsx';

/** The frame of the pages before sign-in (sign-in, enrolment): a narrow card, the language choice. */
export function AuthFrame({ title, children }: { title: string; children: ReactNode }) {
  const intl = useIntl();
  const { locale, setLocale } = useAdminLocale();
  useEffect(() => {
    document.title = `${intl.formatMessage({ id: title })} · ${intl.formatMessage({ id: 'admin.title' })}`;
  }, [intl, title]);
  return (
    <div className="min-h-dvh bg-surface px-4 py-6 sm:py-12">
      <main className="mx-auto max-w-md">
        <div className="mb-4 flex items-center justify-between gap-2">
          <p className="font-bold text-primary-strong">
            <FormattedMessage id="admin.title" />
          </p>
          <label className="sr-only" htmlFor="auth-locale">
            <FormattedMessage id="admin.language" />
          </label>
          <select
            id="auth-locale"
            className="min-h-11 rounded-md border border-line bg-white px-2 text-sm"
            value={locale}
            onChange={(e) => setLocale(e.target.value === 'en' ? 'en' : 'nl')}
          >
            <option value="nl">Nederlands</option>
            <option value="en">English</option>
          </select>
        </div>
        <div className="rounded-lg border border-line bg-white p-5 shadow-sm sm:p-6">
          <h1 className="mb-4 text-xl font-bold">
            <FormattedMessage id={title} />
          </h1>
          {children}
        </div>
      </main>
    </div>
  );
}

/** A `next` address inside the back office only (never another site, never `//host`). */
export function safeNext(raw: string | null): string {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return '/';
  if (raw.startsWith('/login') || raw.startsWith('/enrol')) return '/';
  return raw;
}
