// A site's settings form in the back office (O-04): identity, countries, credits, access, profiles, look.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  FICTIONAL_ICONS,
  fieldErrors,
  PROFILE_FIELDS,
  PROFILE_NOTES,
  SEARCH_FIELDS,
  type TAdminSite,
  type TAdminSiteList,
  type TSiteSettingsDraft,
  type TSiteUpdate,
  ZSiteUpdate,
} from '../../../../shared/contract/admin-sites.ts';
import { LOCALE_NAMES, LOCALES } from '../../../../shared/i18n/locales.ts';
import { AdminApiError, adminCall } from '../../api.ts';
import {
  Checkbox,
  CheckboxGroup,
  NumberInput,
  SaveError,
  SelectInput,
  TextInput,
  useFieldText,
} from './fields.tsx';
import { CountriesSection } from './site-edit-countries.tsx';
import { type Draft, LookSection, Preview, Section } from './site-edit-parts.tsx';
import { primaryButtonClass } from './ui.tsx';

/** /admin/sites/:id (and /admin/sites/new): every setting of a site in sections, a preview, save (O-04). */
export function Component() {
  const { id = 'new' } = useParams();
  const [search] = useSearchParams();
  const isNew = id === 'new';
  const list = useQuery({
    queryKey: ['admin', 'sites', 'all'],
    queryFn: () => adminCall('GET /api/admin/sites'),
  });
  // A new site starts as a copy of another's settings (the one named by ?from=, else the first).
  const sourceId = isNew ? (search.get('from') ?? String(list.data?.sites[0]?.id ?? '')) : id;
  const site = useQuery({
    queryKey: ['admin', 'site', sourceId],
    queryFn: () => adminCall('GET /api/admin/sites/:id', { params: { id: Number(sourceId) } }),
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
    mutationFn: (body: TSiteUpdate) =>
      isNew
        ? adminCall('POST /api/admin/sites', { body })
        : adminCall('PUT /api/admin/sites/:id', { params: { id: site.id }, body }),
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

          <CountriesSection s={s} set={set} serr={serr} errors={errors} />

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

          <LookSection s={s} set={set} serr={serr} />
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
