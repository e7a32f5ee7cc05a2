import {
  createColumnHelper,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { useMemo } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Link, useOutletContext, useSearchParams } from 'react-router';
import {
  COMPLAINT_STATUSES,
  type ComplaintStatus,
  type TComplaintRow,
} from '../../../../shared/contract/admin-moderation.ts';
import type { AdminMe } from '../../api.ts';
import { useComplaints } from './complaints-api.ts';

const features = tableFeatures({ rowSortingFeature });
const column = createColumnHelper<typeof features, TComplaintRow>();

const STATUS_STYLE: Record<ComplaintStatus, string> = {
  open: 'bg-amber-100 text-amber-900',
  in_progress: 'bg-primary-soft text-primary-strong',
  handled: 'bg-surface text-muted ring-1 ring-line',
};

export function StatusBadge({ status }: { status: ComplaintStatus }) {
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[status]}`}>
      <FormattedMessage id={`admin.complaints.status.${status}`} />
    </span>
  );
}

/** Only what the API takes goes from the address to the request; paging defaults stay out of both. */
const API_PARAMS = ['status', 'site', 'assigned', 'page', 'sort'] as const;

/**
 * Complaints (O-03, L-09): filters, sorting and the page live in the address, so a filtered list can be
 * reloaded, shared and gone back to; the server pages and sorts.
 */
export function Component() {
  const intl = useIntl();
  const me = useOutletContext<AdminMe>();
  const [params, setParams] = useSearchParams();
  const search = useMemo(() => {
    const out: Record<string, string> = {};
    for (const key of API_PARAMS) {
      const value = params.get(key);
      if (value) out[key] = value;
    }
    return out;
  }, [params]);
  const list = useComplaints(search);

  const sort = params.get('sort') ?? '-created_at';
  const sorting: SortingState = [{ id: sort.replace(/^-/, ''), desc: sort.startsWith('-') }];
  const setParam = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key !== 'page') next.delete('page');
    setParams(next);
  };

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('reference', {
          header: () => <FormattedMessage id="admin.complaints.col.reference" />,
          enableSorting: false,
          cell: (info) => (
            <Link
              to={`/complaints/${info.row.original.id}`}
              className="font-semibold text-primary-strong underline"
            >
              {info.getValue()}
            </Link>
          ),
        }),
        column.accessor('created_at', {
          header: () => <FormattedMessage id="admin.complaints.col.received" />,
          cell: (info) => <FormattedDate value={info.getValue()} dateStyle="short" timeStyle="short" />,
        }),
        column.accessor('status', {
          header: () => <FormattedMessage id="admin.complaints.col.status" />,
          enableSorting: false,
          cell: (info) => <StatusBadge status={info.getValue()} />,
        }),
        column.accessor('topic', {
          header: () => <FormattedMessage id="admin.complaints.col.topic" />,
          enableSorting: false,
          cell: (info) => (
            <span>
              <FormattedMessage id={`admin.complaints.topic.${info.getValue()}`} />
              <span className="block max-w-64 truncate text-xs text-muted">{info.row.original.excerpt}</span>
            </span>
          ),
        }),
        column.accessor('name', {
          header: () => <FormattedMessage id="admin.complaints.col.sender" />,
          enableSorting: false,
          cell: (info) => (
            <span>
              {info.getValue()}
              <span className="block text-xs text-muted">{info.row.original.email}</span>
            </span>
          ),
        }),
        column.accessor('member', {
          header: () => <FormattedMessage id="admin.complaints.col.member" />,
          enableSorting: false,
          cell: (info) => {
            const m = info.getValue();
            return m ? (
              <Link to={`/members/${m.id}`} className="text-primary-strong underline">
                {m.name || `#${m.id}`}
              </Link>
            ) : (
              <span className="text-muted">–</span>
            );
          },
        }),
        column.accessor('assigned_to', {
          header: () => <FormattedMessage id="admin.complaints.col.assigned" />,
          enableSorting: false,
          cell: (info) => info.getValue()?.name ?? <span className="text-muted">–</span>,
        }),
        column.accessor('site_name', {
          header: () => <FormattedMessage id="admin.complaints.col.site" />,
          enableSorting: false,
        }),
        column.accessor('updated_at', {
          header: () => <FormattedMessage id="admin.complaints.col.updated" />,
          cell: (info) => <FormattedDate value={info.getValue()} dateStyle="short" timeStyle="short" />,
        }),
      ]),
    [],
  );

  const table = useTable({
    features,
    columns,
    data: list.data?.rows ?? [],
    getRowId: (row) => String(row.id),
    state: { sorting },
    manualSorting: true,
    enableSortingRemoval: false,
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const first = next[0];
      setParam('sort', first ? `${first.desc ? '-' : ''}${first.id}` : null);
    },
  });

  const total = list.data?.total ?? 0;
  const page = list.data?.page ?? 1;
  const pages = Math.max(1, Math.ceil(total / (list.data?.page_size ?? 25)));
  const select = 'min-h-11 rounded-md border border-line bg-white px-2';

  return (
    <section aria-labelledby="complaints-title" className="space-y-4">
      <h1 id="complaints-title" className="text-xl font-bold">
        <FormattedMessage id="admin.complaints.title" />
      </h1>
      <form
        className="flex flex-wrap items-end gap-3"
        aria-label={intl.formatMessage({ id: 'admin.complaints.filters' })}
        onSubmit={(e) => e.preventDefault()}
      >
        <label className="flex flex-col text-sm">
          <span className="text-muted">
            <FormattedMessage id="admin.complaints.status" />
          </span>
          <select
            className={select}
            value={params.get('status') ?? ''}
            onChange={(e) => setParam('status', e.target.value)}
          >
            <option value="">{intl.formatMessage({ id: 'admin.complaints.status.any' })}</option>
            {COMPLAINT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {intl.formatMessage({ id: `admin.complaints.status.${s}` })}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col text-sm">
          <span className="text-muted">
            <FormattedMessage id="admin.complaints.assigned" />
          </span>
          <select
            className={select}
            value={params.get('assigned') ?? ''}
            onChange={(e) => setParam('assigned', e.target.value)}
          >
            <option value="">{intl.formatMessage({ id: 'admin.complaints.assigned.any' })}</option>
            <option value="me">{intl.formatMessage({ id: 'admin.complaints.assigned.me' })}</option>
            <option value="none">{intl.formatMessage({ id: 'admin.complaints.assigned.none' })}</option>
          </select>
        </label>
        {me.sites.length > 1 && (
          <label className="flex flex-col text-sm">
            <span className="text-muted">
              <FormattedMessage id="admin.complaints.site" />
            </span>
            <select
              className={select}
              value={params.get('site') ?? ''}
              onChange={(e) => setParam('site', e.target.value)}
            >
              <option value="">{intl.formatMessage({ id: 'admin.complaints.all_sites' })}</option>
              {me.sites.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <p className="ml-auto text-sm text-muted" role="status">
          <FormattedMessage id="admin.complaints.total" values={{ count: total }} />
        </p>
      </form>

      {list.isError && (
        <p role="alert" className="text-danger">
          {list.error.message}
        </p>
      )}
      <div className="overflow-x-auto rounded-xl bg-white ring-1 ring-line">
        <table className="w-full min-w-[56rem] text-left text-sm" aria-busy={list.isFetching}>
          <caption className="sr-only">
            <FormattedMessage id="admin.complaints.title" />
          </caption>
          <thead className="border-b border-line bg-surface">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      className="px-3 py-2 font-semibold"
                      aria-sort={
                        sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined
                      }
                    >
                      {header.column.getCanSort() ? (
                        <button
                          type="button"
                          onClick={header.column.getToggleSortingHandler()}
                          className="inline-flex min-h-11 items-center gap-1 underline-offset-2 hover:underline"
                        >
                          <table.FlexRender header={header} />
                          <span aria-hidden>{sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}</span>
                        </button>
                      ) : (
                        <table.FlexRender header={header} />
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id} className="border-b border-line last:border-0 hover:bg-surface/60">
                {row.getAllCells().map((cell) => (
                  <td key={cell.id} className="px-3 py-2 align-top">
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {list.isSuccess && list.data.rows.length === 0 && (
          <p className="px-3 py-6 text-center text-muted">
            <FormattedMessage id="admin.complaints.empty" />
          </p>
        )}
      </div>
      <nav
        className="flex items-center justify-between gap-2"
        aria-label={intl.formatMessage({ id: 'admin.complaints.page' }, { page, pages })}
      >
        <button
          type="button"
          className="min-h-11 rounded-md border border-line bg-white px-3 text-sm disabled:opacity-50"
          disabled={page <= 1}
          onClick={() => setParam('page', String(page - 1))}
        >
          <FormattedMessage id="admin.complaints.previous" />
        </button>
        <span className="text-sm text-muted">
          <FormattedMessage id="admin.complaints.page" values={{ page, pages }} />
        </span>
        <button
          type="button"
          className="min-h-11 rounded-md border border-line bg-white px-3 text-sm disabled:opacity-50"
          disabled={page >= pages}
          onClick={() => setParam('page', String(page + 1))}
        >
          <FormattedMessage id="admin.complaints.next" />
        </button>
      </nav>
    </section>
  );
}
