import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  CURRENCIES,
  contrastWithWhite,
  FICTIONAL_ICONS,
  fieldErrors,
  PROFILE_FIELDS,
  PROFILE_NOTES,
  SEARCH_FIELDS,
  SERVED_COUNTRIES,
  type TAdminSite,
  type TAdminSiteList,
  type TSiteSettingsDraft,
  ZSiteUpdate,
} from '../../../../shared/contract/admin-sites.ts';
import type { TSettings } from '../../../../shared/contract/site.ts';
import { LOCALE_NAMES, LOCALES } from '../../../../shared/i18n/locales.ts';
import { AdminApiError, adminFetch } from '../../api.ts';
import {
  buttonClass,
  Checkbox,
  CheckboxGroup,
  NumberInput,
  primaryButtonClass,
  SaveError,
  SelectInput,
  TextInput,
  useCountryName,
  useFieldText,
} from './ui.tsx';

interface Draft {
  domain: string;
  company_id: number;
  settings: TSiteSettingsDraft;
}

/** /admin/sites/:id (and /admin/sites/new): every setting of a site in sections, a preview, save (O-04). */
export function Component() {
  const { id = 'new' } = useParams();
  const [search] = useSearchParams();
  const isNew = id === 'new';
  const list = useQuery({
    queryKey: ['admin', 'sites', 'all'],
    queryFn: () => adminFetch<TAdminSiteList>('/sites'),
  });
  // A new site starts as a copy of another's settings (the one named by ?from=, else the first).
  const sourceId = isNew ? (search.get('from') ?? String(list.data?.sites[0]?.id ?? '')) : id;
  const site = useQuery({
    queryKey: ['admin', 'site', sourceId],
    queryFn: () => adminFetch<TAdminSite>(`/sites/${sourceId}`),
    enabled: /^\d+$/.test(sourceId),
  });
  if (site.isError) return <SaveError error={site.error} />;
  if (!site.data || !list.data) {
    return (
      <p role="status" className="text-muted">
        <FormattedMessage id="admin.loading" />
      </p>
    );
  }
  return <SiteForm key={`${id}-${site.data.id}`} site={site.data} list={list.data} isNew={isNew} />;
}

function SiteForm({ site, list, isNew }: { site: TAdminSite; list: TAdminSiteList; isNew: boolean }) {
  const intl = useIntl();
  const f = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const fieldText = useFieldText();
  const countryName = useCountryName();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => ({
    domain: isNew ? '' : site.domain,
    company_id: site.company_id,
    settings: isNew ? { ...site.settings, name: '' } : site.settings,
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [checked, setChecked] = useState(false);
  const [saved, setSaved] = useState(false);
  const s = draft.settings;
  // After a first save, each change checks the form again, so a message goes as soon as the field is right.
  useEffect(() => {
    if (!checked) return;
    const parsed = ZSiteUpdate.safeParse(draft);
    setErrors(parsed.success ? {} : fieldErrors(parsed.error.issues));
  }, [draft, checked]);
  const set = (patch: Partial<TSiteSettingsDraft>) => {
    setSaved(false);
    setDraft((d) => ({ ...d, settings: { ...d.settings, ...patch } }));
  };
  const err = (path: string) => fieldText(errors[path]);
  const serr = (path: string) => err(`settings.${path}`);

  const save = useMutation({
    mutationFn: (body: unknown) =>
      isNew
        ? adminFetch<TAdminSite>('/sites', { method: 'POST', json: body })
        : adminFetch<TAdminSite>(`/sites/${site.id}`, { method: 'PUT', json: body }),
    onSuccess: async (result) => {
      setErrors({});
      setSaved(true);
      await queryClient.invalidateQueries({ queryKey: ['admin', 'sites'] });
      queryClient.setQueryData(['admin', 'site', String(result.id)], result);
      if (isNew) navigate(`/sites/${result.id}`, { replace: true });
    },
    onError: (error) => {
      if (error instanceof AdminApiError && error.fields) setErrors(error.fields);
    },
  });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = ZSiteUpdate.safeParse(draft);
    setChecked(true);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      setSaved(false);
      requestAnimationFrame(() => document.getElementById('site-errors')?.focus());
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  };

  const costs = s.minimum_message_costs as Record<string, { costs: number; currency: string }>;
  const setCosts = (next: Record<string, { costs: number; currency: string }>) =>
    set({ minimum_message_costs: next as TSiteSettingsDraft['minimum_message_costs'] });
  const countries = s.countries as string[];
  const errorCount = Object.keys(errors).length;

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-labelledby="site-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <Link to="/sites" className="text-sm text-primary-strong underline">
            <FormattedMessage id="admin.sites.back" />
          </Link>
          <h1 id="site-title" className="text-xl font-bold">
            {isNew ? f('admin.sites.new_title') : f('admin.sites.edit_title', { name: site.settings.name })}
          </h1>
        </div>
        <button type="submit" className={primaryButtonClass} disabled={save.isPending}>
          <FormattedMessage id={save.isPending ? 'admin.sites.saving' : 'admin.sites.save'} />
        </button>
      </div>

      {errorCount > 0 ? (
        <div
          id="site-errors"
          tabIndex={-1}
          role="alert"
          className="rounded-md border border-danger bg-danger-soft p-3 text-sm text-danger"
        >
          <FormattedMessage id="admin.sites.errors_count" values={{ count: errorCount }} />
        </div>
      ) : null}
      {save.isError && !(save.error instanceof AdminApiError && save.error.fields) ? (
        <SaveError error={save.error} />
      ) : null}
      {saved ? (
        <p role="status" className="rounded-md border border-primary bg-primary-soft p-3 text-sm">
          <FormattedMessage id="admin.sites.saved" />
        </p>
      ) : null}

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-4">
          <Section title={f('admin.sites.section.identity')}>
            <TextInput
              label={f('admin.sites.field.domain')}
              name="domain"
              value={draft.domain}
              onChange={(domain) => {
                setSaved(false);
                setDraft((d) => ({ ...d, domain }));
              }}
              error={err('domain')}
              hint={f('admin.sites.hint.domain')}
            />
            <SelectInput
              label={f('admin.sites.field.company')}
              name="company_id"
              value={String(draft.company_id)}
              onChange={(v) => setDraft((d) => ({ ...d, company_id: Number(v) }))}
              options={list.companies.map((c) => ({ value: String(c.id), label: c.name }))}
              error={err('company_id')}
            />
            <TextInput
              label={f('admin.sites.field.name')}
              name="name"
              value={s.name}
              onChange={(name) => set({ name })}
              error={serr('name')}
            />
            <TextInput
              label={f('admin.sites.field.index_title')}
              name="index_title"
              value={s.index_title}
              onChange={(index_title) => set({ index_title })}
              error={serr('index_title')}
            />
            <TextInput
              label={f('admin.sites.field.description')}
              name="description"
              value={s.description}
              onChange={(description) => set({ description })}
              error={serr('description')}
            />
            <TextInput
              label={f('admin.sites.field.mail_name')}
              name="mail_name"
              value={s.mail_name}
              onChange={(mail_name) => set({ mail_name })}
              error={serr('mail_name')}
            />
            <SelectInput
              label={f('admin.sites.field.niche')}
              name="niche"
              value={String(s.niche)}
              onChange={(v) => set({ niche: Number(v) })}
              options={[1, 2, 3, 4, 5, 6, 7].map((n) => ({
                value: String(n),
                label: f(`admin.sites.niche.${n}`),
              }))}
              error={serr('niche')}
            />
            <SelectInput
              label={f('admin.sites.field.domain_language')}
              name="domain_language"
              value={s.domain_language}
              onChange={(v) => set({ domain_language: v as TSiteSettingsDraft['domain_language'] })}
              options={LOCALES.map((l) => ({ value: l, label: `${LOCALE_NAMES[l]} (${l})` }))}
              error={serr('domain_language')}
            />
          </Section>

          <Section title={f('admin.sites.section.countries')}>
            <div className="sm:col-span-2">
              <CheckboxGroup
                legend={f('admin.sites.field.countries')}
                options={SERVED_COUNTRIES.map((c) => ({ value: c, label: `${countryName(c)} (${c})` }))}
                value={countries}
                onChange={(next) => {
                  // A country that leaves takes its message cost with it.
                  const kept = Object.fromEntries(Object.entries(costs).filter(([c]) => next.includes(c)));
                  set({
                    countries: next,
                    minimum_message_costs: kept as TSiteSettingsDraft['minimum_message_costs'],
                  });
                }}
                error={
                  serr('countries') ??
                  Object.entries(errors).find(([k]) => k.startsWith('settings.countries.'))?.[1]
                }
              />
            </div>
            <fieldset className="sm:col-span-2">
              <legend className="mb-1 text-sm font-medium">
                {f('admin.sites.field.minimum_message_costs')}
              </legend>
              <p className="mb-2 text-xs text-muted">{f('admin.sites.hint.minimum_message_costs')}</p>
              <div className="grid gap-2">
                {countries.map((c) => {
                  const cost = costs[c];
                  return (
                    <div key={c} className="flex flex-wrap items-end gap-2">
                      <span className="w-full text-sm font-medium sm:min-h-11 sm:w-28 sm:content-center">
                        {countryName(c)} ({c})
                      </span>
                      {cost ? (
                        <>
                          <div className="min-w-28 flex-1">
                            <NumberInput
                              label={f('admin.sites.field.cost_cents')}
                              value={cost.costs}
                              min={0}
                              onChange={(v) => setCosts({ ...costs, [c]: { ...cost, costs: v } })}
                              error={
                                serr(`minimum_message_costs.${c}.costs`) ?? serr(`minimum_message_costs.${c}`)
                              }
                            />
                            <SelectInput
                              label={f('admin.sites.field.currency')}
                              value={cost.currency}
                              onChange={(v) => setCosts({ ...costs, [c]: { ...cost, currency: v } })}
                              options={CURRENCIES.map((x) => ({ value: x, label: x }))}
                              error={serr(`minimum_message_costs.${c}.currency`)}
                            />
                          </div>
                          <button
                            type="button"
                            className={buttonClass}
                            onClick={() => {
                              const { [c]: _gone, ...rest } = costs;
                              setCosts(rest);
                            }}
                          >
                            {f('admin.sites.cost_remove', { country: c })}
                          </button>
                        </>
                      ) : (
                        <button
                          type="button"
                          className={`${buttonClass} flex-1`}
                          onClick={() => setCosts({ ...costs, [c]: { costs: 0, currency: 'EUR' } })}
                        >
                          {f('admin.sites.cost_add', { country: c })}
                        </button>
                      )}
                    </div>
                  );
                })}
              </div>
            </fieldset>
          </Section>

          <Section title={f('admin.sites.section.credits')}>
            {(
              [
                ['message_credits', 0, 1000],
                ['photo_credits', 0, 1000],
                ['gift_credits', 0, 1000],
                ['signup_credits', 0, 1000],
                ['free_messages', 0, 100],
                ['message_length', 10, 5000],
                ['refund_days', 0, 365],
              ] as const
            ).map(([key, min, max]) => (
              <NumberInput
                key={key}
                name={key}
                label={f(`admin.sites.field.${key}`)}
                value={s[key] as number}
                min={min}
                max={max}
                onChange={(v) => set({ [key]: v })}
                error={serr(key)}
              />
            ))}
            <Checkbox
              label={f('admin.sites.field.member_resell')}
              checked={s.member_resell}
              onChange={(member_resell) => set({ member_resell })}
              error={serr('member_resell')}
            />
          </Section>

          <Section title={f('admin.sites.section.access')}>
            <SelectInput
              label={f('admin.sites.field.signups')}
              name="signups"
              value={s.signups}
              onChange={(v) => set({ signups: v as TSiteSettingsDraft['signups'] })}
              options={['all', 'with_trafficsource'].map((v) => ({
                value: v,
                label: f(`admin.sites.signups.${v}`),
              }))}
              error={serr('signups')}
            />
            <NumberInput
              label={f('admin.sites.field.min_age')}
              name="min_age"
              value={s.min_age}
              min={18}
              max={99}
              onChange={(min_age) => set({ min_age })}
              error={serr('min_age')}
            />
            <Checkbox
              label={f('admin.sites.field.enable_site_entry_popup')}
              checked={s.enable_site_entry_popup}
              onChange={(v) => set({ enable_site_entry_popup: v })}
            />
            <Checkbox
              label={f('admin.sites.field.logged_out_search')}
              checked={s.logged_out_search}
              onChange={(v) => set({ logged_out_search: v })}
            />
            <Checkbox
              label={f('admin.sites.field.logged_out_search_trafficsource')}
              checked={s.logged_out_search_trafficsource}
              onChange={(v) => set({ logged_out_search_trafficsource: v })}
            />
          </Section>

          <Section title={f('admin.sites.section.profiles')}>
            <div className="sm:col-span-2">
              <CheckboxGroup
                legend={f('admin.sites.field.visible_profile_fields')}
                options={PROFILE_FIELDS.map((v) => ({
                  value: v,
                  label: f(`admin.sites.profile_field.${v}`),
                }))}
                value={s.visible_profile_fields as string[]}
                onChange={(v) =>
                  set({ visible_profile_fields: v as TSiteSettingsDraft['visible_profile_fields'] })
                }
                error={serr('visible_profile_fields')}
              />
            </div>
            <CheckboxGroup
              legend={f('admin.sites.field.visible_profile_notes')}
              options={PROFILE_NOTES.map((v) => ({ value: v, label: f(`admin.sites.profile_note.${v}`) }))}
              value={s.visible_profile_notes as string[]}
              onChange={(v) =>
                set({ visible_profile_notes: v as TSiteSettingsDraft['visible_profile_notes'] })
              }
              columns=""
            />
            <CheckboxGroup
              legend={f('admin.sites.field.search_fields')}
              options={SEARCH_FIELDS.map((v) => ({ value: v, label: f(`admin.sites.search_field.${v}`) }))}
              value={s.search_fields as string[]}
              onChange={(v) => set({ search_fields: v as TSiteSettingsDraft['search_fields'] })}
              columns=""
            />
            <SelectInput
              label={f('admin.sites.field.photo_moderation')}
              name="photo_moderation"
              value={s.photo_moderation}
              onChange={(v) => set({ photo_moderation: v as 'pre' | 'post' })}
              options={['post', 'pre'].map((v) => ({ value: v, label: f(`admin.sites.moderation.${v}`) }))}
            />
            <TextInput
              label={f('admin.sites.field.fictional_icon')}
              name="fictional_icon"
              value={s.fictional_icon}
              onChange={(fictional_icon) => set({ fictional_icon })}
              error={serr('fictional_icon')}
              hint={f('admin.sites.hint.fictional_icon', { icons: FICTIONAL_ICONS.join(', ') })}
            />
          </Section>

          <Section title={f('admin.sites.section.look')}>
            <ColourInput
              label={f('admin.sites.field.theme_primary')}
              value={s.theme.primary}
              onChange={(primary) => set({ theme: { ...s.theme, primary } })}
              error={serr('theme.primary')}
            />
            <ColourInput
              label={f('admin.sites.field.theme_secondary')}
              value={s.theme.secondary}
              onChange={(secondary) => set({ theme: { ...s.theme, secondary } })}
              error={serr('theme.secondary')}
            />
            <TextInput
              label={f('admin.sites.field.cdn_prefix')}
              name="cdn_prefix"
              value={s.cdn_prefix}
              onChange={(cdn_prefix) => set({ cdn_prefix })}
              error={serr('cdn_prefix')}
              hint={f('admin.sites.hint.cdn_prefix')}
            />
            <SelectInput
              label={f('admin.sites.field.company_address_variant')}
              name="company_address_variant"
              value={String(s.company_address_variant)}
              onChange={(v) => set({ company_address_variant: Number(v) })}
              options={[1, 2, 3].map((n) => ({ value: String(n), label: String(n) }))}
              error={serr('company_address_variant')}
            />
            <TextInput
              label={f('admin.sites.field.support_phone')}
              name="support_phone"
              type="tel"
              value={s.support_phone}
              onChange={(support_phone) => set({ support_phone })}
              error={serr('support_phone')}
            />
            <TextInput
              label={f('admin.sites.field.support_email')}
              name="support_email"
              type="email"
              value={s.support_email}
              onChange={(support_email) => set({ support_email })}
              error={serr('support_email')}
            />
          </Section>
        </div>

        <Preview draft={draft} siteId={isNew ? null : site.id} />
      </div>

      <div className="flex justify-end">
        <button type="submit" className={primaryButtonClass} disabled={save.isPending}>
          <FormattedMessage id={save.isPending ? 'admin.sites.saving' : 'admin.sites.save'} />
        </button>
      </div>
    </form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-md border border-line bg-white p-4">
      <h2 id={id} className="mb-3 font-semibold">
        {title}
      </h2>
      <div className="grid gap-3 sm:grid-cols-2">{children}</div>
    </section>
  );
}

/** A colour as a picker and as text (#rrggbb): the text is what is saved and checked. */
function ColourInput({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string | undefined;
}) {
  const id = useId();
  const intl = useIntl();
  const valid = /^#[0-9a-fA-F]{6}$/.test(value);
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          type="color"
          aria-label={intl.formatMessage({ id: 'admin.sites.colour_picker' }, { label })}
          className="h-11 w-14 shrink-0 rounded-md border border-line"
          value={valid ? value.toLowerCase() : '#000000'}
          onChange={(e) => onChange(e.target.value)}
        />
        <input
          id={id}
          className="min-h-11 w-full rounded-md border border-line px-3 font-mono aria-[invalid=true]:border-danger"
          value={value}
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * How the site looks with the form's settings (header in its colours, its name and title), and on request
 * the settings members' /api/settings would answer, from the server, without saving.
 */
function Preview({ draft, siteId }: { draft: Draft; siteId: number | null }) {
  const intl = useIntl();
  const f = (id: string) => intl.formatMessage({ id });
  const s = draft.settings;
  const colour = (c: string, fallback: string) => (/^#[0-9a-fA-F]{6}$/.test(c) ? c : fallback);
  const primary = colour(s.theme.primary, '#0f766e');
  const secondary = colour(s.theme.secondary, '#c8960c');
  const [json, setJson] = useState<TSettings | null>(null);
  const preview = useMutation({
    mutationFn: () => {
      const parsed = ZSiteUpdate.safeParse(draft);
      if (!parsed.success) throw new Error(f('admin.sites.preview.fix_errors'));
      return adminFetch<TSettings>(`/sites/${siteId}/preview`, { method: 'POST', json: parsed.data });
    },
    onSuccess: setJson,
  });
  // A stale answer would mislead: it goes when the form changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the draft is the trigger
  useEffect(() => setJson(null), [draft]);

  return (
    <aside aria-labelledby="preview-title" className="min-w-0 space-y-3 lg:sticky lg:top-4 lg:self-start">
      <h2 id="preview-title" className="font-semibold">
        <FormattedMessage id="admin.sites.preview.title" />
      </h2>
      <div className="overflow-hidden rounded-md border border-line bg-white" data-testid="site-preview">
        <div
          className="flex items-center justify-between gap-2 px-3 py-3 text-white"
          style={{ background: primary }}
        >
          <span className="truncate text-lg font-bold">{s.name || '…'}</span>
          <span
            className="rounded-full px-3 py-1 text-xs font-semibold"
            style={{
              background: secondary,
              color: contrastWithWhite(secondary) >= 4.5 ? '#ffffff' : '#000000',
            }}
          >
            {f('admin.sites.preview.credits')}
          </span>
        </div>
        <div className="space-y-1 p-3 text-sm">
          <p className="font-semibold">{s.index_title}</p>
          <p className="text-muted">{s.description}</p>
          <p>
            <span
              className="inline-block rounded-md px-3 py-2 font-semibold text-white"
              style={{ background: primary }}
            >
              {f('admin.sites.preview.button')}
            </span>
          </p>
        </div>
      </div>
      {siteId !== null ? (
        <div className="space-y-2">
          <button
            type="button"
            className={buttonClass}
            onClick={() => preview.mutate()}
            disabled={preview.isPending}
          >
            <FormattedMessage id="admin.sites.preview.json" />
          </button>
          {preview.isError ? (
            <p role="alert" className="text-sm text-danger">
              {preview.error.message}
            </p>
          ) : null}
          {json ? (
            <section aria-label={f('admin.sites.preview.json')}>
              <pre
                className="max-h-96 overflow-auto rounded-md border border-line bg-surface p-2 text-xs"
                data-testid="settings-json"
                // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to scroll by keyboard
                tabIndex={0}
              >
                {JSON.stringify(json, null, 2)}
              </pre>
            </section>
          ) : null}
        </div>
      ) : null}
    </aside>
  );
}
