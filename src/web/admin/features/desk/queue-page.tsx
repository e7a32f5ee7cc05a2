import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useOutletContext, useSearchParams } from 'react-router';
import type { TDeskQueueItem } from '../../../../shared/contract/admin-desk.ts';
import { AdminApiError, type AdminMe, type AdminQuery, adminCall } from '../../api.ts';
import { useAdminLocale } from '../../i18n.tsx';
import { DeskTabs, languageName, MEMBER_LOCALES, Wait } from './desk-parts.tsx';

export const QUEUE_KEY = ['admin', 'desk', 'queue'] as const;

/** The chat desk's queue (O-05): who waits longest for a fictional profile's answer, refreshed every few seconds. */
export function Component() {
  const me = useOutletContext<AdminMe>();
  const intl = useIntl();
  const { locale: uiLocale } = useAdminLocale();
  const [params, setParams] = useSearchParams();
  const site = params.get('site') ?? '';
  const locale = params.get('locale') ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const query = { ...(site ? { site } : {}), ...(locale ? { locale } : {}) };
  const queue = useQuery({
    queryKey: [...QUEUE_KEY, site, locale],
    queryFn: () =>
      adminCall('GET /api/admin/desk/queue', { query: query as AdminQuery<'GET /api/admin/desk/queue'> }),
    refetchInterval: 5_000,
    refetchIntervalInBackground: true,
  });
  const claim = useMutation({
    mutationFn: (id: number) =>
      adminCall('POST /api/admin/desk/:conversationId/claim', { params: { conversationId: id } }),
    onSuccess: (_data, id) => navigate(`/desk/${id}`),
    onError: (err) => {
      setError(
        err instanceof AdminApiError ? err.message : intl.formatMessage({ id: 'admin.error.general' }),
      );
      void queryClient.invalidateQueries({ queryKey: QUEUE_KEY });
    },
  });
  const setFilter = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };
  const items = queue.data?.items ?? [];

  return (
    <section aria-labelledby="desk-title">
      <DeskTabs me={me} />
      <div className="mb-3 flex flex-wrap items-end gap-3">
        <h1 id="desk-title" className="mr-auto text-xl font-bold">
          <FormattedMessage id="admin.desk.queue.heading" />
        </h1>
        <div className="flex flex-col text-sm">
          <label htmlFor="queue-site">
            <FormattedMessage id="admin.desk.queue.site" />
          </label>
          <select
            id="queue-site"
            className="min-h-11 rounded-md border border-line bg-white px-2"
            value={site}
            onChange={(e) => setFilter('site', e.target.value)}
          >
            <option value="">{intl.formatMessage({ id: 'admin.desk.queue.any' })}</option>
            {me.sites.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col text-sm">
          <label htmlFor="queue-locale">
            <FormattedMessage id="admin.desk.queue.locale" />
          </label>
          <select
            id="queue-locale"
            className="min-h-11 rounded-md border border-line bg-white px-2"
            value={locale}
            onChange={(e) => setFilter('locale', e.target.value)}
          >
            <option value="">{intl.formatMessage({ id: 'admin.desk.queue.any' })}</option>
            {MEMBER_LOCALES.map((l) => (
              <option key={l} value={l}>
                {languageName(l, uiLocale)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {error && (
        <p role="alert" className="mb-3 rounded-md bg-danger-soft p-3 text-sm text-danger">
          {error}
        </p>
      )}
      {queue.isError && (
        <p role="alert" className="text-danger">
          {queue.error.message}
        </p>
      )}
      <p className="mb-2 text-sm text-muted" role="status" aria-live="polite">
        {queue.data && (
          <FormattedMessage
            id="admin.desk.queue.count"
            values={{ shown: items.length, total: queue.data.total }}
          />
        )}
      </p>
      {queue.data && items.length === 0 && (
        <p className="rounded-md border border-line bg-white p-4 text-muted">
          <FormattedMessage id="admin.desk.queue.empty" />
        </p>
      )}
      <ul className="divide-y divide-line rounded-md border border-line bg-white" data-testid="desk-queue">
        {items.map((item) => (
          <QueueRow
            key={item.conversation_id}
            item={item}
            siteName={me.sites.find((s) => s.id === item.site_id)?.name ?? `#${item.site_id}`}
            uiLocale={uiLocale}
            onClaim={() => {
              setError(null);
              claim.mutate(item.conversation_id);
            }}
            busy={claim.isPending && claim.variables === item.conversation_id}
          />
        ))}
      </ul>
    </section>
  );
}

function QueueRow(props: {
  item: TDeskQueueItem;
  siteName: string;
  uiLocale: string;
  onClaim(): void;
  busy: boolean;
}) {
  const { item } = props;
  const intl = useIntl();
  const heldByOther = item.claim && !item.claim.mine;
  return (
    <li
      className="flex flex-wrap items-center gap-x-4 gap-y-1 p-3"
      data-testid={`desk-row-${item.conversation_id}`}
    >
      <div className="w-16 shrink-0 font-semibold tabular-nums text-warning">
        <span className="sr-only">
          <FormattedMessage id="admin.desk.queue.waiting" />{' '}
        </span>
        <Wait seconds={item.wait_seconds} />
      </div>
      <div className="min-w-0 flex-1 basis-52">
        <p className="break-words">
          <span className="font-semibold">{item.member.name}</span>
          {item.member.age !== null && <span className="text-muted">, {item.member.age}</span>}
          {item.member.city && <span className="text-muted"> · {item.member.city}</span>}
          <span aria-hidden="true" className="px-1 text-muted">
            →
          </span>
          <span className="sr-only"> · </span>
          <span>{item.fictional.name}</span>
        </p>
        <p className="text-xs text-muted">
          {props.siteName} · {languageName(item.locale, props.uiLocale)} ·{' '}
          <FormattedMessage id="admin.desk.queue.unread" />: {item.unread}
          {item.claim && (
            <>
              {' · '}
              {item.claim.mine ? (
                <FormattedMessage id="admin.desk.queue.held_by_me" />
              ) : (
                <FormattedMessage id="admin.desk.queue.held_by" values={{ name: item.claim.name }} />
              )}
            </>
          )}
        </p>
      </div>
      <div className="ml-auto flex gap-2">
        <Link
          to={`/desk/${item.conversation_id}`}
          className="inline-flex min-h-11 items-center rounded-md border border-line px-3 text-sm hover:bg-surface"
        >
          <FormattedMessage id="admin.desk.queue.open" />
        </Link>
        <button
          type="button"
          onClick={props.onClaim}
          disabled={!!heldByOther || props.busy}
          aria-label={intl.formatMessage(
            { id: 'admin.desk.queue.claim_label' },
            { member: item.member.name, profile: item.fictional.name },
          )}
          className="min-h-11 rounded-md bg-primary px-4 text-sm font-semibold text-white hover:bg-primary-strong disabled:opacity-50"
        >
          <FormattedMessage id="admin.desk.queue.claim" />
        </button>
      </div>
    </li>
  );
}
