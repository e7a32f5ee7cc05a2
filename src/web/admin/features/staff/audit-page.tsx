import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { type FormEvent, Fragment, useId, useMemo } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { useOutletContext, useSearchParams } from 'react-router';
import type { AuditLine } from '../../../../shared/contract/admin-staff.ts';
import { type AdminMe, type AdminQuery, adminCall, can } from '../../api.ts';
import { buttonClass, inputClass, secondaryButtonClass, useErrorText } from '../auth/factor-forms.tsx';

const FILTERS = ['staffId', 'action', 'objectType', 'objectId', 'siteId', 'from', 'to'] as const;
const features = tableFeatures({});
const helper = createColumnHelper<typeof features, AuditLine>();

function Json({ value }: { value: unknown }) {
  if (value === null || value === undefined) return null;
  return (
    <pre className="max-w-[28rem] overflow-x-auto whitespace-pre-wrap break-all text-xs">
      {JSON.stringify(value, null, 1)}
    </pre>
  );
}

/**
 * `/admin/audit` (issue 23, O-06): the append-only audit log, newest first, filtered by staff member,
 * action, object, site and dates; the filters and the page (`before`) live in the address.
 */
export function Component() {
  const me = useOutletContext<AdminMe>();
  const intl = useIntl();
  const errorText = useErrorText();
  const [params, setParams] = useSearchParams();
  const base = useId();
  const ids = Object.fromEntries(FILTERS.map((f) => [f, `${base}-${f}`])) as Record<
    (typeof FILTERS)[number],
    string
  >;
  const query: Record<string, string> = {};
  for (const f of [...FILTERS, 'before'] as const) {
    const v = params.get(f);
    if (v) query[f] = v;
  }
  const page = useQuery({
    queryKey: ['admin', 'audit', query],
    queryFn: () => adminCall('GET /api/admin/audit', { query: query as AdminQuery<'GET /api/admin/audit'> }),
    placeholderData: keepPreviousData,
  });
  const everySite = me.grants.some((g) => g.role === 'admin' && g.siteId === null);
  const staffList = useQuery({
    queryKey: ['admin', 'staff'],
    queryFn: () => adminCall('GET /api/admin/staff'),
    enabled: everySite && can(me, ['admin']),
  });
  const siteName = (id: number | null) =>
    id === null ? '' : (me.sites.find((s) => s.id === id)?.name ?? `#${id}`);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the columns change with the language, the sites and what is busy
  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor('createdAt', {
          header: () => intl.formatMessage({ id: 'admin.audit.col_time' }),
          cell: (info) => <FormattedDate value={info.getValue()} dateStyle="short" timeStyle="medium" />,
        }),
        helper.accessor('staffEmail', {
          header: () => intl.formatMessage({ id: 'admin.audit.col_staff' }),
          cell: (info) => (
            <span className="break-all">
              {info.getValue()}
              <span className="block text-muted">{info.row.original.role}</span>
            </span>
          ),
        }),
        helper.accessor('action', {
          header: () => intl.formatMessage({ id: 'admin.audit.col_action' }),
          cell: (info) => <code className="text-xs">{info.getValue()}</code>,
        }),
        helper.accessor('objectType', {
          header: () => intl.formatMessage({ id: 'admin.audit.col_object' }),
          cell: (info) =>
            `${info.getValue()}${info.row.original.objectId ? ` #${info.row.original.objectId}` : ''}`,
        }),
        helper.accessor('siteId', {
          header: () => intl.formatMessage({ id: 'admin.audit.col_site' }),
          cell: (info) => siteName(info.getValue()),
        }),
        helper.display({
          id: 'change',
          header: () => intl.formatMessage({ id: 'admin.audit.col_change' }),
          cell: (info) => {
            const l = info.row.original;
            if (l.before == null && l.after == null && !l.reason) return null;
            return (
              <details>
                <summary className="min-h-11 cursor-pointer py-2 text-primary-strong">
                  <FormattedMessage id="admin.audit.details" />
                </summary>
                {l.reason && <p>{l.reason}</p>}
                {l.before != null && (
                  <>
                    <p className="font-semibold">
                      <FormattedMessage id="admin.audit.before" />
                    </p>
                    <Json value={l.before} />
                  </>
                )}
                {l.after != null && (
                  <>
                    <p className="font-semibold">
                      <FormattedMessage id="admin.audit.after" />
                    </p>
                    <Json value={l.after} />
                  </>
                )}
              </details>
            );
          },
        }),
        helper.accessor('ip', {
          header: () => intl.formatMessage({ id: 'admin.audit.col_ip' }),
          cell: (info) => <span className="break-all text-xs">{info.getValue()}</span>,
        }),
      ]),
    [intl, me],
  );
  const data = useMemo(() => page.data?.items ?? [], [page.data]);
  const table = useTable({ features, columns, data, getRowId: (row) => String(row.id) });
  const headers = table.getHeaderGroups()[0]?.headers ?? [];

  const apply = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const next = new URLSearchParams();
    for (const f of FILTERS) {
      const v = String(form.get(f) ?? '').trim();
      if (v) next.set(f, v);
    }
    setParams(next);
  };
  const older = () => {
    if (!page.data?.next) return;
    const next = new URLSearchParams(params);
    next.set('before', String(page.data.next));
    setParams(next);
  };
  const newest = () => {
    const next = new URLSearchParams(params);
    next.delete('before');
    setParams(next);
  };
  const label = (f: (typeof FILTERS)[number]) => (
    <label htmlFor={ids[f]} className="block text-sm font-semibold">
      <FormattedMessage id={`admin.audit.filter_${f}`} />
    </label>
  );

  return (
    <section aria-labelledby="audit-title" className="space-y-4">
      <h1 id="audit-title" className="text-xl font-bold">
        <FormattedMessage id="admin.audit.title" />
      </h1>
      <form
        key={params.toString()}
        onSubmit={apply}
        className="grid grid-cols-1 gap-3 rounded-lg border border-line bg-white p-3 sm:grid-cols-2 lg:grid-cols-4"
        aria-label={intl.formatMessage({ id: 'admin.audit.filters' })}
      >
        <div>
          {label('staffId')}
          {staffList.data ? (
            <select
              id={ids.staffId}
              name="staffId"
              className={inputClass}
              defaultValue={params.get('staffId') ?? ''}
            >
              <option value="">{intl.formatMessage({ id: 'admin.audit.anyone' })}</option>
              {staffList.data.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name} ({s.email})
                </option>
              ))}
            </select>
          ) : (
            <input
              id={ids.staffId}
              name="staffId"
              inputMode="numeric"
              className={inputClass}
              defaultValue={params.get('staffId') ?? ''}
            />
          )}
        </div>
        <div>
          {label('action')}
          <input
            id={ids.action}
            name="action"
            className={inputClass}
            defaultValue={params.get('action') ?? ''}
            maxLength={80}
            placeholder="staff."
          />
        </div>
        <div>
          {label('objectType')}
          <input
            id={ids.objectType}
            name="objectType"
            className={inputClass}
            defaultValue={params.get('objectType') ?? ''}
            maxLength={80}
          />
        </div>
        <div>
          {label('objectId')}
          <input
            id={ids.objectId}
            name="objectId"
            className={inputClass}
            defaultValue={params.get('objectId') ?? ''}
            maxLength={100}
          />
        </div>
        <div>
          {label('siteId')}
          <select
            id={ids.siteId}
            name="siteId"
            className={inputClass}
            defaultValue={params.get('siteId') ?? ''}
          >
            <option value="">{intl.formatMessage({ id: 'admin.audit.any_site' })}</option>
            {me.sites.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          {label('from')}
          <input
            id={ids.from}
            name="from"
            type="date"
            className={inputClass}
            defaultValue={params.get('from') ?? ''}
          />
        </div>
        <div>
          {label('to')}
          <input
            id={ids.to}
            name="to"
            type="date"
            className={inputClass}
            defaultValue={params.get('to') ?? ''}
          />
        </div>
        <div className="flex items-end gap-2">
          <button type="submit" className={buttonClass}>
            <FormattedMessage id="admin.audit.apply" />
          </button>
          <button
            type="button"
            className={secondaryButtonClass}
            onClick={() => setParams(new URLSearchParams())}
          >
            <FormattedMessage id="admin.audit.clear" />
          </button>
        </div>
      </form>

      {page.isError && (
        <p role="alert" className="text-danger">
          {errorText(page.error)}
        </p>
      )}
      {/* Phones: one card per line, the same cells under their column's name. */}
      <ul className="space-y-3 sm:hidden" aria-busy={page.isFetching}>
        {table.getRowModel().rows.map((row) => (
          <li key={row.id} className="rounded-lg border border-line bg-white p-3 text-sm">
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
              {row.getAllCells().map((cell) => {
                const header = headers.find((h) => h.column.id === cell.column.id);
                if (!header) return null;
                return (
                  <Fragment key={cell.id}>
                    <dt className="text-muted">
                      <table.FlexRender header={header} />
                    </dt>
                    <dd className="min-w-0 break-words">
                      <table.FlexRender cell={cell} />
                    </dd>
                  </Fragment>
                );
              })}
            </dl>
          </li>
        ))}
        {page.data && page.data.items.length === 0 && (
          <li className="text-center text-muted">
            <FormattedMessage id="admin.audit.empty" />
          </li>
        )}
      </ul>
      <div
        className="relative hidden overflow-x-auto rounded-lg border border-line bg-white sm:block"
        aria-busy={page.isFetching}
      >
        <table className="w-full min-w-[56rem] text-left text-sm">
          <caption className="sr-only">
            <FormattedMessage id="admin.audit.title" />
          </caption>
          <thead className="bg-surface">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <th key={header.id} scope="col" className="px-3 py-2 font-semibold">
                    {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id} className="border-t border-line align-top">
                {row.getAllCells().map((cell) => (
                  <td key={cell.id} className="px-3 py-2">
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))}
            {page.data && page.data.items.length === 0 && (
              <tr>
                <td colSpan={columns.length} className="px-3 py-6 text-center text-muted">
                  <FormattedMessage id="admin.audit.empty" />
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <nav className="flex gap-2" aria-label={intl.formatMessage({ id: 'admin.audit.paging' })}>
        <button
          type="button"
          className={secondaryButtonClass}
          onClick={newest}
          disabled={!params.get('before')}
        >
          <FormattedMessage id="admin.audit.newest" />
        </button>
        <button type="button" className={secondaryButtonClass} onClick={older} disabled={!page.data?.next}>
          <FormattedMessage id="admin.audit.older" />
        </button>
      </nav>
    </section>
  );
}
