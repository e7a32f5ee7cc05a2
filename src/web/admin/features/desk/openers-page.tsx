import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useOutletContext } from 'react-router';
import type { Locale } from '../../../../shared/i18n/locales.ts';
import { AdminApiError, type AdminMe, adminCall } from '../../api.ts';
import { useAdminLocale } from '../../i18n.tsx';
import { DeskTabs, languageName, MEMBER_LOCALES } from './desk-parts.tsx';

const KEY = ['admin', 'desk', 'openers', 'all'] as const;

/** Canned openers per language (O-05), kept by admins; every change is in the audit log. */
export function Component() {
  const me = useOutletContext<AdminMe>();
  const intl = useIntl();
  const { locale: uiLocale } = useAdminLocale();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [locale, setLocale] = useState<Locale>('nl');
  const [siteId, setSiteId] = useState<string>('');
  const [body, setBody] = useState('');
  const openers = useQuery({
    queryKey: KEY,
    queryFn: () => adminCall('GET /api/admin/desk/openers'),
  });
  const fail = (err: unknown) =>
    setError(err instanceof AdminApiError ? err.message : intl.formatMessage({ id: 'admin.error.general' }));
  const done = () => {
    setError(null);
    void queryClient.invalidateQueries({ queryKey: ['admin', 'desk', 'openers'] });
  };
  const add = useMutation({
    mutationFn: () =>
      adminCall('POST /api/admin/desk/openers', {
        body: { locale, site_id: siteId ? Number(siteId) : null, body },
      }),
    onSuccess: () => {
      setBody('');
      done();
    },
    onError: fail,
  });
  const remove = useMutation({
    mutationFn: (id: number) => adminCall('DELETE /api/admin/desk/openers/:id', { params: { id } }),
    onSuccess: done,
    onError: fail,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate();
  };
  const siteName = (id: number | null) =>
    id === null
      ? intl.formatMessage({ id: 'admin.desk.openers.all_sites' })
      : (me.sites.find((s) => s.id === id)?.name ?? `#${id}`);

  return (
    <section aria-labelledby="openers-title" className="space-y-3">
      <DeskTabs me={me} />
      <h1 id="openers-title" className="text-xl font-bold">
        <FormattedMessage id="admin.desk.openers.title" />
      </h1>
      <form
        onSubmit={submit}
        className="flex flex-wrap items-end gap-3 rounded-md border border-line bg-white p-3"
      >
        <div className="flex flex-col text-sm">
          <label htmlFor="opener-locale">
            <FormattedMessage id="admin.desk.openers.locale" />
          </label>
          <select
            id="opener-locale"
            value={locale}
            onChange={(e) => setLocale(e.target.value as Locale)}
            className="min-h-11 rounded-md border border-line bg-white px-2"
          >
            {MEMBER_LOCALES.map((l) => (
              <option key={l} value={l}>
                {languageName(l, uiLocale)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col text-sm">
          <label htmlFor="opener-site">
            <FormattedMessage id="admin.desk.openers.site" />
          </label>
          <select
            id="opener-site"
            value={siteId}
            onChange={(e) => setSiteId(e.target.value)}
            className="min-h-11 rounded-md border border-line bg-white px-2"
          >
            <option value="">{intl.formatMessage({ id: 'admin.desk.openers.all_sites' })}</option>
            {me.sites.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
        <div className="flex min-w-64 flex-1 flex-col text-sm">
          <label htmlFor="opener-body">
            <FormattedMessage id="admin.desk.openers.body" />
          </label>
          <input
            id="opener-body"
            value={body}
            onChange={(e) => setBody(e.target.value)}
            required
            maxLength={1000}
            className="min-h-11 rounded-md border border-line px-2"
          />
        </div>
        <button
          type="submit"
          disabled={add.isPending}
          className="min-h-11 rounded-md bg-primary px-4 font-semibold text-white hover:bg-primary-strong"
        >
          <FormattedMessage id="admin.desk.openers.add" />
        </button>
      </form>
      {error && (
        <p role="alert" className="rounded-md bg-danger-soft p-3 text-sm text-danger">
          {error}
        </p>
      )}
      <ul className="divide-y divide-line rounded-md border border-line bg-white">
        {openers.data?.openers.length === 0 && (
          <li className="p-3 text-muted">
            <FormattedMessage id="admin.desk.openers.empty" />
          </li>
        )}
        {openers.data?.openers.map((o) => (
          <li key={o.id} className="flex flex-wrap items-center gap-3 p-3">
            <span className="w-24 text-sm text-muted">{languageName(o.locale, uiLocale)}</span>
            <span className="min-w-0 flex-1 basis-full break-words sm:basis-0">{o.body}</span>
            <span className="text-sm text-muted">{siteName(o.site_id)}</span>
            <button
              type="button"
              onClick={() => remove.mutate(o.id)}
              className="ml-auto min-h-11 rounded-md border border-line px-3 text-sm hover:bg-danger-soft sm:ml-0"
            >
              <FormattedMessage id="admin.desk.openers.delete" />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
