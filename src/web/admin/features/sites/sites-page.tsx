import { useQuery } from '@tanstack/react-query';
import { type ColumnDef, createColumnHelper } from '@tanstack/react-table';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useOutletContext } from 'react-router';
import type { TAdminSiteSummary } from '../../../../shared/contract/admin-sites.ts';
import { type AdminMe, type AdminQuery, adminCall } from '../../api.ts';
import { ListHeading, ListState, SearchBox } from './list-parts.tsx';
import { DataTable, primaryButtonClass, type SortedFeatures, useUrlState } from './ui.tsx';

const DEFAULTS = { q: '', sort: 'id', dir: 'asc' };
const column = createColumnHelper<SortedFeatures, TAdminSiteSummary>();

/** /admin/sites: every site the admin may run, searchable and sorted by the server (O-04). */
export function Component() {
  const intl = useIntl();
  const me = useOutletContext<AdminMe>();
  const [filters, setFilters] = useUrlState(DEFAULTS);
  const list = useQuery({
    queryKey: ['admin', 'sites', filters],
    queryFn: () =>
      adminCall('GET /api/admin/sites', { query: filters as AdminQuery<'GET /api/admin/sites'> }),
  });
  const everySite = me.grants.some((g) => g.role === 'admin' && g.siteId === null);
  const f = (id: string) => intl.formatMessage({ id });

  const columns = [
    column.accessor('id', { header: () => '#', cell: (c) => c.getValue() }),
    column.accessor('name', {
      header: () => f('admin.sites.field.name'),
      cell: (c) => (
        <Link
          to={`/sites/${c.row.original.id}`}
          className="inline-flex min-h-11 items-center gap-2 whitespace-nowrap font-semibold text-primary-strong underline"
        >
          <span
            aria-hidden="true"
            className="inline-block size-4 shrink-0 rounded-full border border-line"
            style={{ background: c.row.original.theme.primary }}
          />
          {c.getValue()}
        </Link>
      ),
    }),
    column.accessor('domain', { header: () => f('admin.sites.field.domain'), cell: (c) => c.getValue() }),
    column.accessor('domain_language', {
      header: () => f('admin.sites.field.domain_language'),
      enableSorting: false,
      cell: (c) => c.getValue(),
    }),
    column.accessor('countries', {
      header: () => f('admin.sites.field.countries'),
      enableSorting: false,
      cell: (c) => {
        const all = c.getValue();
        return all.length > 4 ? `${all.slice(0, 3).join(' ')} +${all.length - 3}` : all.join(' ');
      },
    }),
    column.accessor('signups', {
      header: () => f('admin.sites.field.signups'),
      enableSorting: false,
      cell: (c) => f(`admin.sites.signups.${c.getValue()}`),
    }),
    column.accessor('photo_moderation', {
      header: () => f('admin.sites.field.photo_moderation'),
      enableSorting: false,
      cell: (c) => f(`admin.sites.moderation.${c.getValue()}`),
    }),
  ] as ColumnDef<SortedFeatures, TAdminSiteSummary, unknown>[];

  return (
    <section aria-labelledby="sites-title" className="space-y-4">
      <ListHeading
        id="sites-title"
        title="admin.sites.title"
        action={
          everySite ? (
            <Link to="/sites/new" className={primaryButtonClass}>
              <FormattedMessage id="admin.sites.add" />
            </Link>
          ) : null
        }
      />
      <search>
        <SearchBox
          id="sites-q"
          label="admin.sites.search"
          value={filters.q}
          onSearch={(q) => setFilters({ q })}
          formClassName="flex flex-wrap items-end gap-2"
          inputClassName="w-56 max-w-full"
        />
      </search>
      <ListState list={list} count={list.data?.sites.length} empty="admin.sites.empty">
        {() => (
          <DataTable
            caption={f('admin.sites.title')}
            columns={columns}
            data={list.data?.sites ?? []}
            rowKey={(s) => String(s.id)}
            sort={filters.sort}
            dir={filters.dir === 'desc' ? 'desc' : 'asc'}
            onSort={(sort, dir) => setFilters({ sort, dir })}
          />
        )}
      </ListState>
    </section>
  );
}
