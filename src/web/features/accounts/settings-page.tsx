import { Ban, Download, EyeOff, Globe, MapPin, Trash2 } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { TUser } from '../../../shared/contract/accounts.ts';
import { LOCALE_NAMES, type Locale } from '../../../shared/i18n/locales.ts';
import { pathFor } from '../../../shared/routes.ts';
import { RULES } from '../../../shared/rules.ts';
import { useLocationOptions, usePrivacy } from '../../api/accounts.ts';
import { ErrorAlert, inputClass } from '../../components/form.tsx';
import { Link } from '../../components/route-link.tsx';
import { Section } from '../../components/section-card.tsx';
import { SwitchRow } from '../../components/switch-row.tsx';
import { useSite } from '../../site-context.tsx';
import { usePageTitle } from '../../use-page-title.ts';
import { BlockedMembers } from './blocked-members.tsx';
import { DeleteAccount } from './delete-account.tsx';
import { EmailSection, NotificationsSection, PasswordSection } from './settings-sections.tsx';
import { RequireLogin } from './shared.tsx';

function PrivacySection({ user }: { user: TUser }) {
  const save = usePrivacy();
  return (
    <Section id="settings-privacy" icon={EyeOff} title={<FormattedMessage id="settings.privacy" />}>
      <SwitchRow
        label={<FormattedMessage id="settings.invisible" />}
        description={<FormattedMessage id="settings.invisible_hint" />}
        checked={user.invisible}
        onChange={(on) => save.mutate(on)}
      />
      <ErrorAlert error={save.error} />
    </Section>
  );
}

function BlocksSection() {
  return (
    <Section
      id="settings-blocks"
      icon={Ban}
      title={<FormattedMessage id="blocks.title" />}
      intro={<FormattedMessage id="blocks.intro" />}
    >
      <BlockedMembers labelledBy="settings-blocks" />
    </Section>
  );
}

function LocationSection({ user }: { user: TUser }) {
  const save = useLocationOptions();
  const options = user.location_options;
  return (
    <Section id="settings-location" icon={MapPin} title={<FormattedMessage id="settings.location" />}>
      <div className="divide-y divide-line">
        <SwitchRow
          label={<FormattedMessage id="settings.use_gps" />}
          description={<FormattedMessage id="settings.use_gps_hint" />}
          checked={options.use_gps}
          onChange={(on) => save.mutate({ ...options, use_gps: on })}
        />
        <SwitchRow
          label={<FormattedMessage id="settings.show_distance" />}
          description={<FormattedMessage id="settings.show_distance_hint" />}
          checked={options.show_distance}
          onChange={(on) => save.mutate({ ...options, show_distance: on })}
        />
      </div>
      <ErrorAlert error={save.error} />
    </Section>
  );
}

function LanguageSection() {
  const { locale, visible, setLocale } = useSite();
  const langConfig = pathFor('lang-config');
  return (
    <Section id="settings-language" icon={Globe} title={<FormattedMessage id="settings.language" />}>
      {visible.length > 1 ? (
        <div>
          <label htmlFor="settings-language-select" className="block font-semibold">
            <FormattedMessage id="langconfig.language" />
          </label>
          <select
            id="settings-language-select"
            value={locale}
            onChange={(e) => void setLocale(e.target.value as Locale)}
            className={inputClass}
          >
            {visible.map((l) => (
              <option key={l} value={l} lang={l}>
                {LOCALE_NAMES[l]}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <p>
          <FormattedMessage
            id="settings.language_current"
            values={{ language: LOCALE_NAMES[locale], b: (chunks) => <strong>{chunks}</strong> }}
          />
        </p>
      )}
      {langConfig && (
        <Link
          to={langConfig}
          className="mt-2 inline-flex min-h-11 items-center font-semibold text-primary underline"
        >
          <FormattedMessage id="settings.language_link" />
        </Link>
      )}
    </Section>
  );
}

function DataSection() {
  return (
    <Section
      id="settings-data"
      icon={Download}
      title={<FormattedMessage id="settings.data" />}
      intro={<FormattedMessage id="settings.data_intro" />}
    >
      <a href="/api/account/export" download className="btn btn-ghost">
        <Download aria-hidden size={18} />
        <FormattedMessage id="settings.data_download" />
      </a>
    </Section>
  );
}

function DeleteSection() {
  return (
    <Section
      id="settings-delete"
      icon={Trash2}
      title={<FormattedMessage id="settings.delete" />}
      intro={
        <FormattedMessage id="settings.delete_intro" values={{ days: RULES.deletion.reactivationDays }} />
      }
    >
      <DeleteAccount />
    </Section>
  );
}

/**
 * /settings (A-09, M-06): e-mail, password, notifications, privacy, blocked members, location, language,
 * data, deletion.
 */
export function SettingsPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'settings.title' }));
  return (
    <RequireLogin>
      {(user) => (
        <div className="mx-auto max-w-2xl space-y-5 px-4 py-8 sm:py-12">
          <h1 className="text-3xl font-extrabold tracking-tight">
            <FormattedMessage id="settings.title" />
          </h1>
          <EmailSection user={user} />
          <PasswordSection />
          <NotificationsSection user={user} />
          <PrivacySection user={user} />
          <BlocksSection />
          <LocationSection user={user} />
          <LanguageSection />
          <DataSection />
          <DeleteSection />
        </div>
      )}
    </RequireLogin>
  );
}
