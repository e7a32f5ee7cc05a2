// The discount codes list (O-04): search, filter, sort and page through the codes.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ColumnDef, createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useOutletContext } from 'react-router';
import { CODE_SORTS, type TAdminCode, type TCodeDraft } from '../../../../shared/contract/admin-sites.ts';
import { type AdminMe, type AdminQuery, adminCall } from '../../api.ts';
import { CodeForm, EMPTY } from './code-form.tsx';
import { SaveError, SelectInput } from './fields.tsx';
import { ListHeading, ListState, SearchBox, StatusFilter } from './list-parts.tsx';
import {
  buttonClass,
  DataTable,
  primaryButtonClass,
  type SortedFeatures,
  useCountryName,
  useUrlState,
} from './ui.tsx';

const DEFAULTS = { q: '', site: 'all', status: 'all', sort: 'created_at', dir: 'desc', page: '1' };
const column = createColumnHelper<SortedFeatures, TAdminCode>();
/** /admin/codes: discount codes per site and country, with limits and validity (O-04, Pay-07). */
export function Component() {
  const intl = useIntl();
  const f = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const me = useOutletContext<AdminMe>();
  const [filters, setFilters] = useUrlState(DEFAULTS);
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: ['admin', 'codes', filters],
    queryFn: () =>
      adminCall('GET /api/admin/codes', { query: filters as AdminQuery<'GET /api/admin/codes'> }),
  });
  const [editing, setEditing] = useState<{ id: number | null; draft: TCodeDraft } | null>(null);
  // Finance of some sites only makes codes for those sites, never for every site.
  const everySite = me.grants.some((g) => (g.role === 'admin' || g.role === 'finance') && g.siteId === null);
  const newCode = (): TCodeDraft => ({ ...EMPTY, site_id: everySite ? null : (me.sites[0]?.id ?? null) });
  const siteName = (id: number | null) =>
    id === null ? f('admin.sites.codes.every_site') : (me.sites.find((s) => s.id === id)?.name ?? `#${id}`);
  const countryName = useCountryName();

  const deactivate = useMutation({
    mutationFn: (id: number) => adminCall('POST /api/admin/codes/:id/deactivate', { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'codes'] }),
  });

  const columns = [
    column.accessor('code', {
      header: () => f('admin.sites.codes.field.code'),
      cell: (c) => <span className="font-mono font-semibold">{c.getValue()}</span>,
    }),
    column.accessor('percentage', {
      header: () => f('admin.sites.codes.field.percentage'),
      cell: (c) => `${c.getValue()}%`,
    }),
    column.accessor('minimum_cents', {
      header: () => f('admin.sites.codes.field.minimum_cents'),
      enableSorting: false,
      cell: (c) => c.getValue() || '–',
    }),
    column.accessor('site_id', {
      header: () => f('admin.sites.codes.field.site'),
      enableSorting: false,
      cell: (c) => siteName(c.getValue()),
    }),
    column.accessor('country', {
      header: () => f('admin.sites.codes.field.country'),
      enableSorting: false,
      cell: (c) =>
        c.getValue() ? countryName(c.getValue() as string) : f('admin.sites.codes.every_country'),
    }),
    column.accessor('valid_until', {
      header: () => f('admin.sites.codes.field.valid_until'),
      cell: (c) =>
        c.getValue()
          ? intl.formatDate(c.getValue() as string, { dateStyle: 'medium', timeStyle: 'short' })
          : '–',
    }),
    column.accessor('uses', {
      header: () => f('admin.sites.codes.field.uses'),
      cell: (c) =>
        c.row.original.max_uses === null ? c.getValue() : `${c.getValue()} / ${c.row.original.max_uses}`,
    }),
    column.accessor('active', {
      header: () => f('admin.sites.codes.field.status'),
      enableSorting: false,
      cell: (c) => (
        <span className={c.getValue() ? 'text-primary-strong' : 'text-muted'}>
          {f(c.getValue() ? 'admin.sites.status.active' : 'admin.sites.status.inactive')}
        </span>
      ),
    }),
    column.display({
      id: 'actions',
      header: () => <span className="sr-only">{f('admin.sites.actions')}</span>,
      cell: (c) => (
        <div className="flex gap-2">
          <button
            type="button"
            className={buttonClass}
            aria-label={f('admin.sites.edit_named', { name: c.row.original.code })}
            onClick={() => setEditing({ id: c.row.original.id, draft: { ...c.row.original } })}
          >
            {f('admin.sites.edit')}
          </button>
          {c.row.original.active ? (
            <button
              type="button"
              className={buttonClass}
              aria-label={f('admin.sites.deactivate_named', { name: c.row.original.code })}
              onClick={() => deactivate.mutate(c.row.original.id)}
            >
              {f('admin.sites.deactivate')}
            </button>
          ) : null}
        </div>
      ),
    }),
  ] as ColumnDef<SortedFeatures, TAdminCode, unknown>[];

  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;
  const page = Number(filters.page) || 1;

  return (
    <section aria-labelledby="codes-title" className="space-y-4">
      <ListHeading
        id="codes-title"
        title="admin.sites.codes.title"
        action={
          <button
            type="button"
            className={primaryButtonClass}
            onClick={() => setEditing({ id: null, draft: newCode() })}
          >
            <FormattedMessage id="admin.sites.codes.add" />
          </button>
        }
      />
      {editing ? (
        <CodeForm
          key={editing.id ?? 'new'}
          id={editing.id}
          initial={editing.draft}
          sites={me.sites}
          everySite={everySite}
          onDone={() => setEditing(null)}
        />
      ) : null}
      {deactivate.isError ? <SaveError error={deactivate.error} /> : null}

      <search className="flex flex-wrap items-end gap-2">
        <SearchBox
          id="codes-q"
          label="admin.sites.codes.search"
          value={filters.q}
          onSearch={(q) => setFilters({ q, page: '1' })}
          formClassName="flex items-end gap-2"
          inputClassName="w-48"
        />
        <div className="w-44">
          <SelectInput
            label={f('admin.sites.codes.field.site')}
            value={filters.site}
            onChange={(site) => setFilters({ site, page: '1' })}
            options={[
              { value: 'all', label: f('admin.sites.filter.all') },
              ...me.sites.map((s) => ({ value: String(s.id), label: s.name })),
            ]}
          />
        </div>
        <StatusFilter
          label={f('admin.sites.codes.field.status')}
          value={filters.status}
          onChange={(status) => setFilters({ status, page: '1' })}
        />
      </search>

      <ListState list={list} count={data?.codes.length} empty="admin.sites.codes.empty">
        {() => (
          <>
            <DataTable
              caption={f('admin.sites.codes.title')}
              columns={columns}
              data={data?.codes ?? []}
              rowKey={(c) => String(c.id)}
              sort={filters.sort}
              dir={filters.dir === 'asc' ? 'asc' : 'desc'}
              onSort={(sort, dir) =>
                (CODE_SORTS as readonly string[]).includes(sort) && setFilters({ sort, dir, page: '1' })
              }
            />
            <nav aria-label={f('admin.sites.pages')} className="flex items-center gap-2 text-sm">
              <button
                type="button"
                className={buttonClass}
                disabled={page <= 1}
                onClick={() => setFilters({ page: String(page - 1) })}
              >
                <FormattedMessage id="admin.sites.previous" />
              </button>
              <span>
                <FormattedMessage
                  id="admin.sites.page_of"
                  values={{ page, pages, total: data?.total ?? 0 }}
                />
              </span>
              <button
                type="button"
                className={buttonClass}
                disabled={page >= pages}
                onClick={() => setFilters({ page: String(page + 1) })}
              >
                <FormattedMessage id="admin.sites.next" />
              </button>
            </nav>
          </>
        )}
      </ListState>
    </section>
  );
}
