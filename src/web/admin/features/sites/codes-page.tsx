import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ColumnDef, createColumnHelper } from '@tanstack/react-table';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useOutletContext } from 'react-router';
import {
  CODE_SORTS,
  fieldErrors,
  SERVED_COUNTRIES,
  type TAdminCode,
  type TAdminCodeList,
  type TCodeDraft,
  ZCodeInput,
} from '../../../../shared/contract/admin-sites.ts';
import { AdminApiError, type AdminMe, adminFetch } from '../../api.ts';
import {
  buttonClass,
  Checkbox,
  DataTable,
  NumberInput,
  primaryButtonClass,
  SaveError,
  SelectInput,
  type SortedFeatures,
  TextInput,
  useCountryName,
  useFieldText,
  useUrlState,
} from './ui.tsx';

const DEFAULTS = { q: '', site: 'all', status: 'all', sort: 'created_at', dir: 'desc', page: '1' };
const column = createColumnHelper<SortedFeatures, TAdminCode>();
const EMPTY: TCodeDraft = {
  code: '',
  percentage: 10,
  minimum_cents: 0,
  site_id: null,
  country: null,
  valid_from: null,
  valid_until: null,
  once_per_member: true,
  max_uses: null,
  active: true,
};

/** `datetime-local` value (local time, minutes) for an ISO moment, and back. */
const toLocalInput = (iso: string | null | undefined) => {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};
const fromLocalInput = (v: string) => (v ? new Date(v).toISOString() : null);

/** /admin/codes: discount codes per site and country, with limits and validity (O-04, Pay-07). */
export function Component() {
  const intl = useIntl();
  const f = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const me = useOutletContext<AdminMe>();
  const [filters, setFilters] = useUrlState(DEFAULTS);
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: ['admin', 'codes', filters],
    queryFn: () => adminFetch<TAdminCodeList>(`/codes?${new URLSearchParams(filters)}`),
  });
  const [editing, setEditing] = useState<{ id: number | null; draft: TCodeDraft } | null>(null);
  // Finance of some sites only makes codes for those sites, never for every site.
  const everySite = me.grants.some((g) => (g.role === 'admin' || g.role === 'finance') && g.siteId === null);
  const newCode = (): TCodeDraft => ({ ...EMPTY, site_id: everySite ? null : (me.sites[0]?.id ?? null) });
  const siteName = (id: number | null) =>
    id === null ? f('admin.sites.codes.every_site') : (me.sites.find((s) => s.id === id)?.name ?? `#${id}`);
  const countryName = useCountryName();

  const deactivate = useMutation({
    mutationFn: (id: number) =>
      adminFetch<TAdminCode>(`/codes/${id}/deactivate`, { method: 'POST', json: {} }),
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
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 id="codes-title" className="text-xl font-bold">
          <FormattedMessage id="admin.sites.codes.title" />
        </h1>
        <button
          type="button"
          className={primaryButtonClass}
          onClick={() => setEditing({ id: null, draft: newCode() })}
        >
          <FormattedMessage id="admin.sites.codes.add" />
        </button>
      </div>
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
        <form
          className="flex items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            const q = new FormData(e.currentTarget).get('q');
            setFilters({ q: typeof q === 'string' ? q : '', page: '1' });
          }}
        >
          <div className="flex flex-col gap-1">
            <label htmlFor="codes-q" className="text-sm font-medium">
              <FormattedMessage id="admin.sites.codes.search" />
            </label>
            <input
              id="codes-q"
              name="q"
              type="search"
              key={filters.q}
              defaultValue={filters.q}
              className="min-h-11 w-48 rounded-md border border-line px-3"
            />
          </div>
          <button type="submit" className={buttonClass}>
            <FormattedMessage id="admin.sites.search_button" />
          </button>
        </form>
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
        <div className="w-40">
          <SelectInput
            label={f('admin.sites.codes.field.status')}
            value={filters.status}
            onChange={(status) => setFilters({ status, page: '1' })}
            options={['all', 'active', 'inactive'].map((v) => ({
              value: v,
              label: f(v === 'all' ? 'admin.sites.filter.all' : `admin.sites.status.${v}`),
            }))}
          />
        </div>
      </search>

      {list.isError ? <SaveError error={list.error} /> : null}
      {list.isPending ? (
        <p role="status" className="text-muted">
          <FormattedMessage id="admin.loading" />
        </p>
      ) : data ? (
        data.codes.length === 0 ? (
          <p className="text-muted">
            <FormattedMessage id="admin.sites.codes.empty" />
          </p>
        ) : (
          <>
            <DataTable
              caption={f('admin.sites.codes.title')}
              columns={columns}
              data={data.codes}
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
                <FormattedMessage id="admin.sites.page_of" values={{ page, pages, total: data.total }} />
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
        )
      ) : null}
    </section>
  );
}

function CodeForm({
  id,
  initial,
  sites,
  everySite,
  onDone,
}: {
  id: number | null;
  initial: TCodeDraft;
  sites: AdminMe['sites'];
  everySite: boolean;
  onDone: () => void;
}) {
  const intl = useIntl();
  const f = (key: string) => intl.formatMessage({ id: key });
  const fieldText = useFieldText();
  const countryName = useCountryName();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<TCodeDraft>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const set = (patch: Partial<TCodeDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const err = (k: string) => fieldText(errors[k]);
  const save = useMutation({
    mutationFn: (body: unknown) =>
      id === null
        ? adminFetch<TAdminCode>('/codes', { method: 'POST', json: body })
        : adminFetch<TAdminCode>(`/codes/${id}`, { method: 'PUT', json: body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['admin', 'codes'] });
      onDone();
    },
    onError: (e) => {
      if (e instanceof AdminApiError && e.fields) setErrors(e.fields);
    },
  });
  return (
    <form
      noValidate
      className="space-y-3 rounded-md border border-line bg-white p-4"
      aria-labelledby="code-form-title"
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = ZCodeInput.safeParse(draft);
        if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
        setErrors({});
        save.mutate(parsed.data);
      }}
    >
      <h2 id="code-form-title" ref={heading} tabIndex={-1} className="font-semibold">
        <FormattedMessage id={id === null ? 'admin.sites.codes.new' : 'admin.sites.codes.edit'} />
      </h2>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <TextInput
          label={f('admin.sites.codes.field.code')}
          name="code"
          value={draft.code}
          onChange={(code) => set({ code })}
          error={err('code')}
        />
        <NumberInput
          label={f('admin.sites.codes.field.percentage')}
          name="percentage"
          value={draft.percentage}
          min={1}
          max={100}
          onChange={(percentage) => set({ percentage })}
          error={err('percentage')}
        />
        <NumberInput
          label={f('admin.sites.codes.field.minimum_cents')}
          name="minimum_cents"
          value={draft.minimum_cents}
          min={0}
          onChange={(minimum_cents) => set({ minimum_cents })}
          error={err('minimum_cents')}
        />
        <NumberInput
          label={f('admin.sites.codes.field.max_uses')}
          name="max_uses"
          value={draft.max_uses ?? null}
          min={1}
          onChange={(v) => set({ max_uses: Number.isNaN(v) ? null : v })}
          error={err('max_uses')}
          hint={f('admin.sites.codes.hint.max_uses')}
        />
        <SelectInput
          label={f('admin.sites.codes.field.site')}
          name="site_id"
          value={draft.site_id === null ? '' : String(draft.site_id)}
          onChange={(v) => set({ site_id: v ? Number(v) : null })}
          options={[
            ...(everySite ? [{ value: '', label: f('admin.sites.codes.every_site') }] : []),
            ...sites.map((s) => ({ value: String(s.id), label: s.name })),
          ]}
          error={err('site_id')}
        />
        <SelectInput
          label={f('admin.sites.codes.field.country')}
          name="country"
          value={draft.country ?? ''}
          onChange={(v) => set({ country: v || null })}
          options={[
            { value: '', label: f('admin.sites.codes.every_country') },
            ...SERVED_COUNTRIES.map((c) => ({ value: c, label: `${countryName(c)} (${c})` })),
          ]}
          error={err('country')}
        />
        <TextInput
          label={f('admin.sites.codes.field.valid_from')}
          name="valid_from"
          type="datetime-local"
          value={toLocalInput(draft.valid_from)}
          onChange={(v) => set({ valid_from: fromLocalInput(v) })}
          error={err('valid_from')}
        />
        <TextInput
          label={f('admin.sites.codes.field.valid_until')}
          name="valid_until"
          type="datetime-local"
          value={toLocalInput(draft.valid_until)}
          onChange={(v) => set({ valid_until: fromLocalInput(v) })}
          error={err('valid_until')}
        />
        <Checkbox
          label={f('admin.sites.codes.field.once_per_member')}
          checked={draft.once_per_member}
          onChange={(once_per_member) => set({ once_per_member })}
        />
        <Checkbox
          label={f('admin.sites.status.active')}
          checked={draft.active}
          onChange={(active) => set({ active })}
        />
      </div>
      <SaveError
        error={
          save.isError && !(save.error instanceof AdminApiError && save.error.fields) ? save.error : null
        }
      />
      <div className="flex gap-2">
        <button type="submit" className={primaryButtonClass} disabled={save.isPending}>
          <FormattedMessage id={save.isPending ? 'admin.sites.saving' : 'admin.sites.save'} />
        </button>
        <button type="button" className={buttonClass} onClick={onDone}>
          <FormattedMessage id="admin.sites.cancel" />
        </button>
      </div>
    </form>
  );
}
