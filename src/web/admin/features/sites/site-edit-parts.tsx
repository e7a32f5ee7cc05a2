// The site form's small pieces (O-04): a titled section, the look section with its colour inputs, the preview.
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  contrastWithWhite,
  type TSiteSettingsDraft,
  ZSiteUpdate,
} from '../../../../shared/contract/admin-sites.ts';
import type { TSettings } from '../../../../shared/contract/site.ts';
import { adminCall } from '../../api.ts';
import { SelectInput, TextInput } from './fields.tsx';
import { buttonClass } from './ui.tsx';

export interface Draft {
  domain: string;
  company_id: number;
  settings: TSiteSettingsDraft;
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
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
export function ColourInput({
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
export function Preview({ draft, siteId }: { draft: Draft; siteId: number | null }) {
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
      return adminCall('POST /api/admin/sites/:id/preview', {
        params: { id: Number(siteId) },
        body: parsed.data,
      });
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

/** The site's look and contact details: colours, CDN prefix, company address variant, phone and e-mail. */
export function LookSection({
  s,
  set,
  serr,
}: {
  s: TSiteSettingsDraft;
  set: (patch: Partial<TSiteSettingsDraft>) => void;
  serr: (path: string) => string | undefined;
}) {
  const intl = useIntl();
  const f = (id: string) => intl.formatMessage({ id });
  return (
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
  );
}
