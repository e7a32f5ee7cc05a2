import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  createColumnHelper,
  functionalUpdate,
  type PaginationState,
  rowPaginationFeature,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { type FormEvent, useId } from 'react';
import { FormattedDate, FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import { Link, useOutletContext, useSearchParams } from 'react-router';
import {
  MEMBER_SORTS,
  MEMBER_STATUSES,
  MEMBERS_PAGE_SIZE,
  type TMemberRow,
  type TMemberSort,
  type TMemberStatus,
} from '../../../../shared/contract/admin-members.ts';
import { type AdminMe, adminCall } from '../../api.ts';
import { StatusBadge } from './status-badge.tsx';

const features = tableFeatures({ rowSortingFeature, rowPaginationFeature });
const column = createColumnHelper<typeof features, TMemberRow>();

/** Table columns; the sortable ones carry the server's sort key as their id. */
const columns = column.columns([
  column.accessor('id', { header: 'admin.members.col.id', enableSorting: false }),
  column.accessor('name', {
    header: 'admin.members.col.name',
    enableSorting: false,
    cell: (info) => (
      <>
        <Link
          to={`/members/${info.row.original.id}`}
          className="font-medium text-primary-strong underline underline-offset-2"
        >
          {info.getValue() ?? `#${info.row.original.id}`}
        </Link>
        {/* On phones the e-mail column is left out: the address goes under the name. */}
        <span className="block break-all text-xs text-muted md:hidden">{info.row.original.email}</span>
      </>
    ),
  }),
  column.accessor('email', {
    header: 'admin.members.col.email',
    enableSorting: false,
    cell: (info) => <span className="break-all">{info.getValue()}</span>,
  }),
  column.accessor('status', {
    header: 'admin.members.col.status',
    enableSorting: false,
    cell: (info) => <StatusBadge status={info.getValue()} fictional={info.row.original.fictional} />,
  }),
  column.accessor('site_id', {
    header: 'admin.members.col.site',
    enableSorting: false,
    cell: (info) => <SiteName id={info.getValue()} />,
  }),
  column.accessor('credits', {
    id: 'credits',
    header: 'admin.members.col.credits',
    cell: (info) => <FormattedNumber value={info.getValue()} />,
  }),
  column.accessor('created_at', {
    id: 'created',
    header: 'admin.members.col.created',
    cell: (info) => <FormattedDate value={info.getValue()} dateStyle="medium" />,
  }),
  column.accessor('last_active_at', {
    id: 'last_active',
    header: 'admin.members.col.last_active',
    cell: (info) => <FormattedDate value={info.getValue()} dateStyle="medium" timeStyle="short" />,
  }),
]);

/** Columns left out below 768 px (the name links to everything, the e-mail goes under it). */
const WIDE_ONLY = new Set(['id', 'email', 'site_id', 'created', 'last_active']);

function SiteName({ id }: { id: number }) {
  const me = useOutletContext<AdminMe>();
  return <>{me.sites.find((s) => s.id === id)?.name ?? `#${id}`}</>;
}

const toSorting = (sort: TMemberSort): SortingState => [
  { id: sort.replace(/^-/, ''), desc: sort.startsWith('-') },
];
function fromSorting(state: SortingState): TMemberSort {
  const first = state[0];
  if (!first) return '-created';
  const key = `${first.desc ? '-' : ''}${first.id}`;
  return (MEMBER_SORTS as readonly string[]).includes(key) ? (key as TMemberSort) : '-created';
}

/** /admin/members: search by id, e-mail or name, filters and page in the address (O-02). */
export function Component() {
  const intl = useIntl();
  const me = useOutletContext<AdminMe>();
  const [params, setParams] = useSearchParams();
  const ids = { q: useId(), site: useId(), status: useId() };
  const q = params.get('q') ?? '';
  const site = params.get('site') ?? '';
  const status = params.get('status') ?? '';
  const sortParam = params.get('sort') ?? '-created';
  const sort = (MEMBER_SORTS as readonly string[]).includes(sortParam)
    ? (sortParam as TMemberSort)
    : '-created';
  const page = Math.max(1, Math.min(400, Number(params.get('page')) || 1));

  const query = {
    ...(q ? { q } : {}),
    ...(site ? { site } : {}),
    ...(status ? { status: status as TMemberStatus } : {}),
    sort,
    page,
  };
  const result = useQuery({
    queryKey: ['admin', 'members', query],
    queryFn: () => adminCall('GET /api/admin/members', { query }),
    placeholderData: keepPreviousData,
  });

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next);
  };

  const sorting = toSorting(sort);
  const pagination: PaginationState = { pageIndex: page - 1, pageSize: MEMBERS_PAGE_SIZE };
  const table = useTable({
    features,
    columns,
    data: result.data?.items ?? [],
    getRowId: (row) => String(row.id),
    manualSorting: true,
    manualPagination: true,
    enableSortingRemoval: false,
    // Past the counted members the number of pages is unknown (-1): the buttons below decide.
    ...(result.data?.total_capped ? { pageCount: -1 } : { rowCount: result.data?.total ?? 0 }),
    state: { sorting, pagination },
    onSortingChange: (updater) =>
      update({ sort: fromSorting(functionalUpdate(updater, sorting)), page: null }),
    onPaginationChange: (updater) => {
      const next = functionalUpdate(updater, pagination);
      update({ page: next.pageIndex > 0 ? String(next.pageIndex + 1) : null });
    },
  });

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    update({
      q: String(form.get('q') ?? '').trim() || null,
      site: String(form.get('site') ?? '') || null,
      status: String(form.get('status') ?? '') || null,
      page: null,
    });
  };

  const total = result.data?.total ?? 0;
  // Past the counted members, a full page means there may be another.
  const full = result.data?.items.length === MEMBERS_PAGE_SIZE;
  const pages = Math.max(
    1,
    Math.ceil(total / MEMBERS_PAGE_SIZE),
    // The server pages up to 400.
    result.data?.total_capped ? Math.min(400, page + (full ? 1 : 0)) : 0,
  );
  const sortLabel = (id: string) =>
    intl.formatMessage(
      { id: 'admin.members.sort_by' },
      { column: intl.formatMessage({ id: `admin.members.col.${id}` }) },
    );

  return (
    <section aria-labelledby="members-title" className="space-y-4">
      <h1 id="members-title" className="text-xl font-bold">
        <FormattedMessage id="admin.members.title" />
      </h1>
      <search>
        <form
          key={params.toString()}
          onSubmit={submit}
          className="grid gap-3 rounded-lg border border-line bg-white p-3 md:grid-cols-[1fr_auto_auto_auto] md:items-end"
        >
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.q} className="text-sm font-medium">
              <FormattedMessage id="admin.members.search_label" />
            </label>
            <input
              id={ids.q}
              name="q"
              type="search"
              defaultValue={q}
              maxLength={254}
              autoComplete="off"
              placeholder={intl.formatMessage({ id: 'admin.members.search_placeholder' })}
              className="min-h-11 rounded-md border border-line px-3"
            />
          </div>
          <div className="grid grid-cols-2 gap-3 md:contents">
            <div className="flex flex-col gap-1">
              <label htmlFor={ids.site} className="text-sm font-medium">
                <FormattedMessage id="admin.members.col.site" />
              </label>
              <select
                id={ids.site}
                name="site"
                defaultValue={site}
                className="min-h-11 rounded-md border border-line bg-white px-2"
              >
                <option value="">{intl.formatMessage({ id: 'admin.members.all_sites' })}</option>
                {me.sites.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </select>
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor={ids.status} className="text-sm font-medium">
                <FormattedMessage id="admin.members.col.status" />
              </label>
              <select
                id={ids.status}
                name="status"
                defaultValue={status}
                className="min-h-11 rounded-md border border-line bg-white px-2"
              >
                <option value="">{intl.formatMessage({ id: 'admin.members.all_statuses' })}</option>
                {MEMBER_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {intl.formatMessage({ id: `admin.members.status.${s}` })}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <button type="submit" className="min-h-11 rounded-md bg-primary px-4 font-semibold text-white">
            <FormattedMessage id="admin.members.search" />
          </button>
        </form>
      </search>

      {result.isError && (
        <p role="alert" className="rounded-md bg-danger-soft p-3 text-danger">
          {result.error.message}
        </p>
      )}
      <p className="text-sm text-muted" aria-live="polite">
        {result.isPending ? (
          <FormattedMessage id="admin.loading" />
        ) : (
          <FormattedMessage
            id={result.data?.total_capped ? 'admin.members.count_capped' : 'admin.members.count'}
            values={{ count: total }}
          />
        )}
      </p>

      <div className="overflow-x-auto rounded-lg border border-line bg-white">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">
            <FormattedMessage id="admin.members.title" />
          </caption>
          <thead className="bg-surface">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  const label = intl.formatMessage({ id: header.column.columnDef.header as string });
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={
                        sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined
                      }
                      className={`px-3 py-2 font-semibold ${WIDE_ONLY.has(header.column.id) ? 'hidden md:table-cell' : ''}`}
                    >
                      {header.column.getCanSort() ? (
                        <button
                          type="button"
                          onClick={header.column.getToggleSortingHandler()}
                          className="inline-flex min-h-11 items-center gap-1 underline-offset-2 hover:underline"
                          title={sortLabel(header.column.id)}
                        >
                          {label}
                          <span aria-hidden="true">
                            {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                          </span>
                        </button>
                      ) : (
                        label
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id} className="border-t border-line">
                {row.getAllCells().map((cell) => (
                  <td
                    key={cell.id}
                    className={`px-3 py-2 align-top ${WIDE_ONLY.has(cell.column.id) ? 'hidden md:table-cell' : ''}`}
                  >
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))}
            {result.data && result.data.items.length === 0 && (
              <tr>
                <td colSpan={columns.length} className="px-3 py-6 text-center text-muted">
                  <FormattedMessage id="admin.members.none" />
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>

      <nav aria-label={intl.formatMessage({ id: 'admin.members.pages' })} className="flex items-center gap-2">
        <button
          type="button"
          className="min-h-11 rounded-md border border-line bg-white px-3 disabled:opacity-50"
          onClick={() => table.previousPage()}
          disabled={page <= 1}
        >
          <FormattedMessage id="admin.members.previous" />
        </button>
        <span className="text-sm">
          <FormattedMessage
            id={result.data?.total_capped ? 'admin.members.page' : 'admin.members.page_of'}
            values={{ page, pages }}
          />
        </span>
        <button
          type="button"
          className="min-h-11 rounded-md border border-line bg-white px-3 disabled:opacity-50"
          onClick={() => table.nextPage()}
          disabled={page >= pages}
        >
          <FormattedMessage id="admin.members.next" />
        </button>
      </nav>
    </section>
  );
}
