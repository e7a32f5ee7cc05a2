// The discount code form (O-04): a new code or changes to one, checked by the shared schema.
import { useIntl } from 'react-intl';
import {
  SERVED_COUNTRIES,
  type TCodeDraft,
  type TCodeInput,
  ZCodeInput,
} from '../../../../shared/contract/admin-sites.ts';
import { type AdminMe, adminCall } from '../../api.ts';
import { DraftForm, useDraftEditor } from './draft-form.tsx';
import { Checkbox, NumberInput, SelectInput, TextInput } from './fields.tsx';
import { useCountryName } from './ui.tsx';

export const EMPTY: TCodeDraft = {
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

export function CodeForm({
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
  const countryName = useCountryName();
  const editor = useDraftEditor({
    initial,
    schema: ZCodeInput,
    send: (body: TCodeInput) =>
      id === null
        ? adminCall('POST /api/admin/codes', { body })
        : adminCall('PUT /api/admin/codes/:id', { params: { id }, body }),
    listKey: ['admin', 'codes'],
    onDone,
  });
  const { draft, set, err } = editor;
  return (
    <DraftForm
      titleId="code-form-title"
      title={id === null ? 'admin.sites.codes.new' : 'admin.sites.codes.edit'}
      editor={editor}
      onCancel={onDone}
    >
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
    </DraftForm>
  );
}
