import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ColumnDef, createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useOutletContext } from 'react-router';
import {
  CURRENCIES,
  SERVED_COUNTRIES,
  type TAdminBundle,
  type TBundleDraft,
  type TBundleInput,
  ZBundleInput,
} from '../../../../shared/contract/admin-sites.ts';
import { COUNTRY_CURRENCY } from '../../../../shared/data/payment-methods.ts';
import { type AdminMe, type AdminQuery, adminCall } from '../../api.ts';
import { DraftForm, useDraftEditor } from './draft-form.tsx';
import { Checkbox, NumberInput, SaveError, SelectInput } from './fields.tsx';
import { ListHeading, ListState, StatusFilter } from './list-parts.tsx';
import {
  buttonClass,
  DataTable,
  primaryButtonClass,
  type SortedFeatures,
  useCountryName,
  useMoney,
  useUrlState,
} from './ui.tsx';

const DEFAULTS = { site: '', country: '', status: 'active' };
const column = createColumnHelper<SortedFeatures, TAdminBundle>();

/** /admin/bundles: credit bundles per site, country and currency (O-04, Pay-01). */
export function Component() {
  const intl = useIntl();
  const f = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const me = useOutletContext<AdminMe>();
  const [filters, setFilters] = useUrlState(DEFAULTS);
  const queryClient = useQueryClient();
  const countryName = useCountryName();
  const money = useMoney();
  const query = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== ''));
  const list = useQuery({
    queryKey: ['admin', 'bundles', filters],
    queryFn: () =>
      adminCall('GET /api/admin/bundles', { query: query as AdminQuery<'GET /api/admin/bundles'> }),
  });
  const [editing, setEditing] = useState<{ id: number | null; draft: TBundleDraft } | null>(null);
  const siteName = (id: number) => me.sites.find((s) => s.id === id)?.name ?? `#${id}`;
  const deactivate = useMutation({
    mutationFn: (id: number) => adminCall('POST /api/admin/bundles/:id/deactivate', { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'bundles'] }),
  });
  const newDraft = (): TBundleDraft => {
    const country = filters.country || 'NL';
    return {
      site_id: Number(filters.site) || me.sites[0]?.id || 1,
      country,
      currency: (COUNTRY_CURRENCY[country] ?? 'EUR') as TBundleDraft['currency'],
      credits: 100,
      amount_cents: 1995,
      position: 0,
      active: true,
    };
  };

  const columns = [
    column.accessor('site_id', {
      header: () => f('admin.sites.bundles.field.site'),
      cell: (c) => siteName(c.getValue()),
    }),
    column.accessor('country', {
      header: () => f('admin.sites.bundles.field.country'),
      cell: (c) => `${countryName(c.getValue())} (${c.getValue()})`,
    }),
    column.accessor('credits', {
      header: () => f('admin.sites.bundles.field.credits'),
      cell: (c) => c.getValue(),
    }),
    column.accessor('amount_cents', {
      header: () => f('admin.sites.bundles.field.price'),
      cell: (c) => money(c.getValue(), c.row.original.currency),
    }),
    column.accessor('position', {
      header: () => f('admin.sites.bundles.field.position'),
      cell: (c) => c.getValue(),
    }),
    column.accessor('active', {
      header: () => f('admin.sites.bundles.field.status'),
      cell: (c) => (
        <span className={c.getValue() ? 'text-primary-strong' : 'text-muted'}>
          {f(c.getValue() ? 'admin.sites.status.active' : 'admin.sites.status.inactive')}
        </span>
      ),
    }),
    column.display({
      id: 'actions',
      header: () => <span className="sr-only">{f('admin.sites.actions')}</span>,
      cell: (c) => {
        const b = c.row.original;
        const name = `${b.credits} · ${b.country}`;
        return (
          <div className="flex gap-2">
            <button
              type="button"
              className={buttonClass}
              aria-label={f('admin.sites.edit_named', { name })}
              onClick={() => setEditing({ id: b.id, draft: { ...b } as TBundleDraft })}
            >
              {f('admin.sites.edit')}
            </button>
            {b.active ? (
              <button
                type="button"
                className={buttonClass}
                aria-label={f('admin.sites.deactivate_named', { name })}
                onClick={() => deactivate.mutate(b.id)}
              >
                {f('admin.sites.deactivate')}
              </button>
            ) : null}
          </div>
        );
      },
    }),
  ] as ColumnDef<SortedFeatures, TAdminBundle, unknown>[];

  return (
    <section aria-labelledby="bundles-title" className="space-y-4">
      <ListHeading
        id="bundles-title"
        title="admin.sites.bundles.title"
        action={
          <button
            type="button"
            className={primaryButtonClass}
            onClick={() => setEditing({ id: null, draft: newDraft() })}
          >
            <FormattedMessage id="admin.sites.bundles.add" />
          </button>
        }
      />
      {editing ? (
        <BundleForm
          key={editing.id ?? 'new'}
          id={editing.id}
          initial={editing.draft}
          sites={me.sites}
          onDone={() => setEditing(null)}
        />
      ) : null}
      {deactivate.isError ? <SaveError error={deactivate.error} /> : null}
      <search className="flex flex-wrap items-end gap-2">
        <div className="w-44">
          <SelectInput
            label={f('admin.sites.bundles.field.site')}
            value={filters.site}
            onChange={(site) => setFilters({ site })}
            options={[
              { value: '', label: f('admin.sites.filter.all') },
              ...me.sites.map((s) => ({ value: String(s.id), label: s.name })),
            ]}
          />
        </div>
        <div className="w-48">
          <SelectInput
            label={f('admin.sites.bundles.field.country')}
            value={filters.country}
            onChange={(country) => setFilters({ country })}
            options={[
              { value: '', label: f('admin.sites.filter.all') },
              ...SERVED_COUNTRIES.map((c) => ({ value: c, label: `${countryName(c)} (${c})` })),
            ]}
          />
        </div>
        <StatusFilter
          label={f('admin.sites.bundles.field.status')}
          value={filters.status}
          onChange={(status) => setFilters({ status })}
        />
      </search>
      <ListState list={list} count={list.data?.bundles.length} empty="admin.sites.bundles.empty">
        {() => (
          <DataTable
            caption={f('admin.sites.bundles.title')}
            columns={columns}
            data={list.data?.bundles ?? []}
            rowKey={(b) => String(b.id)}
          />
        )}
      </ListState>
    </section>
  );
}

function BundleForm({
  id,
  initial,
  sites,
  onDone,
}: {
  id: number | null;
  initial: TBundleDraft;
  sites: AdminMe['sites'];
  onDone: () => void;
}) {
  const intl = useIntl();
  const f = (key: string) => intl.formatMessage({ id: key });
  const countryName = useCountryName();
  const editor = useDraftEditor({
    initial,
    schema: ZBundleInput,
    send: (body: TBundleInput) =>
      id === null
        ? adminCall('POST /api/admin/bundles', { body })
        : adminCall('PUT /api/admin/bundles/:id', { params: { id }, body }),
    listKey: ['admin', 'bundles'],
    onDone,
  });
  const { draft, set, err } = editor;
  return (
    <DraftForm
      titleId="bundle-form-title"
      title={id === null ? 'admin.sites.bundles.new' : 'admin.sites.bundles.edit'}
      editor={editor}
      onCancel={onDone}
    >
      <SelectInput
        label={f('admin.sites.bundles.field.site')}
        name="site_id"
        value={String(draft.site_id)}
        onChange={(v) => set({ site_id: Number(v) })}
        options={sites.map((s) => ({ value: String(s.id), label: s.name }))}
        error={err('site_id')}
      />
      <SelectInput
        label={f('admin.sites.bundles.field.country')}
        name="country"
        value={draft.country}
        onChange={(country) =>
          set({
            country,
            currency: (COUNTRY_CURRENCY[country] ?? draft.currency) as TBundleDraft['currency'],
          })
        }
        options={SERVED_COUNTRIES.map((c) => ({ value: c, label: `${countryName(c)} (${c})` }))}
        error={err('country')}
      />
      <SelectInput
        label={f('admin.sites.bundles.field.currency')}
        name="currency"
        value={draft.currency}
        onChange={(v) => set({ currency: v as TBundleDraft['currency'] })}
        options={CURRENCIES.map((c) => ({ value: c, label: c }))}
        error={err('currency')}
      />
      <NumberInput
        label={f('admin.sites.bundles.field.credits')}
        name="credits"
        value={draft.credits}
        min={1}
        onChange={(credits) => set({ credits })}
        error={err('credits')}
      />
      <NumberInput
        label={f('admin.sites.bundles.field.amount_cents')}
        name="amount_cents"
        value={draft.amount_cents}
        min={1}
        onChange={(amount_cents) => set({ amount_cents })}
        error={err('amount_cents')}
        hint={f('admin.sites.bundles.hint.amount_cents')}
      />
      <NumberInput
        label={f('admin.sites.bundles.field.position')}
        name="position"
        value={draft.position}
        min={0}
        onChange={(position) => set({ position })}
        error={err('position')}
      />
      <Checkbox
        label={f('admin.sites.status.active')}
        checked={draft.active}
        onChange={(active) => set({ active })}
      />
    </DraftForm>
  );
}
