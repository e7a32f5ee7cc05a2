import {
  Ban,
  Bell,
  Download,
  EyeOff,
  Globe,
  KeyRound,
  Mail,
  MailWarning,
  MapPin,
  Trash2,
} from 'lucide-react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  NOTIFICATION_TYPES,
  type TUser,
  ZChangePasswordRequest,
  ZEmail,
} from '../../../shared/contract/accounts.ts';
import { LOCALE_NAMES, type Locale } from '../../../shared/i18n/locales.ts';
import { pathFor } from '../../../shared/routes.ts';
import { RULES } from '../../../shared/rules.ts';
import {
  useChangeEmail,
  useChangePassword,
  useEnableEmail,
  useLocationOptions,
  useNotificationSettings,
  usePrivacy,
} from '../../api/accounts.ts';
import { usePush } from '../../api/push.ts';
import {
  ErrorAlert,
  FormAlert,
  FormMessage,
  inputClass,
  PasswordField,
  SubmitButton,
  TextField,
  useFormErrors,
  useFormRef,
  zodFieldErrors,
} from '../../components/form.tsx';
import { Link } from '../../components/route-link.tsx';
import { Section } from '../../components/section-card.tsx';
import { SwitchRow } from '../../components/switch-row.tsx';
import { useSite } from '../../site-context.tsx';
import { usePageTitle } from '../../use-page-title.ts';
import { BlockedMembers } from './blocked-members.tsx';
import { DeleteAccount } from './delete-account.tsx';
import { RequireLogin } from './shared.tsx';

function EmailSection({ user }: { user: TUser }) {
  const intl = useIntl();
  const change = useChangeEmail();
  const formRef = useFormRef();
  const errors = useFormErrors(formRef);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  function submit(e: React.FormEvent) {
    e.preventDefault();
    if (change.isPending) return;
    const fields: Record<string, string> = {};
    const parsed = ZEmail.safeParse(email);
    if (!parsed.success) fields.email = intl.formatMessage({ id: 'validation.email_invalid' });
    if (!password) fields.password = intl.formatMessage({ id: 'validation.password_required' });
    if (Object.keys(fields).length > 0 || !parsed.success) return errors.fail(fields);
    errors.clear();
    change.mutate(
      { email: parsed.data, password },
      {
        onSuccess: () => setPassword(''),
        onError: (err) => errors.fromServer(err, ['email', 'password']),
      },
    );
  }
  return (
    <Section
      id="settings-email"
      icon={Mail}
      title={<FormattedMessage id="settings.email" />}
      intro={
        <FormattedMessage
          id="settings.email_current"
          values={{
            email: user.email,
            b: (chunks) => <strong className="break-all text-ink">{chunks}</strong>,
          }}
        />
      }
    >
      <form ref={formRef} onSubmit={submit} noValidate className="space-y-4">
        <FormMessage message={errors.form} />
        {change.isSuccess && (
          <FormAlert tone="ok">
            <FormattedMessage id="settings.email_sent" values={{ email: change.variables.email }} />
          </FormAlert>
        )}
        <TextField
          label={<FormattedMessage id="settings.email_new" />}
          type="email"
          inputMode="email"
          autoComplete="email"
          value={email}
          {...errors.bind('email', setEmail)}
        />
        <PasswordField
          label={<FormattedMessage id="settings.password_confirm_current" />}
          autoComplete="current-password"
          value={password}
          {...errors.bind('password', setPassword)}
        />
        <SubmitButton pending={change.isPending} pendingText="saving" className="btn btn-primary">
          <FormattedMessage id="settings.email_submit" />
        </SubmitButton>
      </form>
    </Section>
  );
}

function PasswordSection() {
  const intl = useIntl();
  const change = useChangePassword();
  const formRef = useFormRef();
  const errors = useFormErrors(formRef);
  const empty = { old_password: '', password: '', password_confirm: '' };
  const [values, setValues] = useState(empty);
  const field = (key: keyof typeof empty) => ({
    value: values[key],
    ...errors.bind(key, (value: string) => {
      setValues((v) => ({ ...v, [key]: value }));
      change.reset();
    }),
  });
  function submit(e: React.FormEvent) {
    e.preventDefault();
    if (change.isPending) return;
    const parsed = ZChangePasswordRequest.safeParse(values);
    const fields = parsed.success ? {} : zodFieldErrors(parsed.error, (id) => intl.formatMessage({ id }));
    if (!values.old_password)
      fields.old_password = intl.formatMessage({ id: 'validation.password_required' });
    if (!parsed.success || Object.keys(fields).length > 0) return errors.fail(fields);
    errors.clear();
    change.mutate(parsed.data, {
      onSuccess: () => setValues(empty),
      onError: (err) => errors.fromServer(err, ['old_password', 'password', 'password_confirm']),
    });
  }
  return (
    <Section id="settings-password" icon={KeyRound} title={<FormattedMessage id="settings.password" />}>
      <form ref={formRef} onSubmit={submit} noValidate className="space-y-4">
        <FormMessage message={errors.form} />
        {change.isSuccess && (
          <FormAlert tone="ok">
            <FormattedMessage id="settings.password_changed" />
          </FormAlert>
        )}
        <PasswordField
          label={<FormattedMessage id="settings.password_old" />}
          autoComplete="current-password"
          {...field('old_password')}
        />
        <PasswordField
          label={<FormattedMessage id="reset.new_password" />}
          hint={<FormattedMessage id="signup.password_hint" />}
          autoComplete="new-password"
          {...field('password')}
        />
        <PasswordField
          label={<FormattedMessage id="reset.repeat_password" />}
          autoComplete="new-password"
          {...field('password_confirm')}
        />
        <SubmitButton pending={change.isPending} pendingText="saving" className="btn btn-primary">
          <FormattedMessage id="settings.password_submit" />
        </SubmitButton>
      </form>
    </Section>
  );
}

/**
 * Push on this device (N-02, issue 27): the switch that stays once the push alert is closed. Off where
 * the browser cannot get pushes; a permission the browser blocked says where to allow it.
 */
function PushRow({ publicKey }: { publicKey: string }) {
  const push = usePush(publicKey);
  const state = push.state;
  if (!state || state.permission === 'unsupported') return null;
  const denied = state.permission === 'denied';
  return (
    <div data-testid="push-setting">
      <SwitchRow
        label={<FormattedMessage id="settings.push_device" />}
        description={denied ? <FormattedMessage id="notify.push_alert.denied" /> : undefined}
        checked={state.subscribed}
        disabled={push.busy || denied}
        onChange={(on) => void (on ? push.enable() : push.disable())}
      />
    </div>
  );
}

function NotificationsSection({ user }: { user: TUser }) {
  const { settings } = useSite();
  const save = useNotificationSettings();
  const enable = useEnableEmail();
  const disabled = user.notifications_disabled;
  return (
    <Section
      id="settings-notifications"
      icon={Bell}
      title={<FormattedMessage id="settings.notifications" />}
      intro={<FormattedMessage id="settings.notifications_intro" />}
    >
      {disabled.length > 0 && (
        <div
          className="mb-4 flex gap-3 rounded-2xl bg-secondary-soft p-4 text-on-secondary"
          data-testid="email-disabled"
        >
          <MailWarning aria-hidden size={22} className="mt-0.5 shrink-0" />
          <div>
            <p className="font-semibold">
              <FormattedMessage id="email_disabled.title" />
            </p>
            <ul className="mt-1 list-disc pl-5 text-[15px]">
              {disabled.map((reason) => (
                <li key={reason}>
                  <FormattedMessage id={`email_disabled.${reason}`} values={{ email: user.email }} />
                </li>
              ))}
            </ul>
            <p className="mt-1 text-[15px]">
              <FormattedMessage id="email_disabled.help" values={{ support: settings.support_email }} />
            </p>
            <button
              type="button"
              className="btn btn-primary mt-3"
              disabled={enable.isPending}
              onClick={() => enable.mutate(undefined)}
            >
              <FormattedMessage id="notify.email_enable" />
            </button>
            <ErrorAlert error={enable.error} />
          </div>
        </div>
      )}
      <div className="divide-y divide-line">
        {settings.push_public_key && <PushRow publicKey={settings.push_public_key} />}
        {NOTIFICATION_TYPES.map((type) => (
          <SwitchRow
            key={type}
            label={<FormattedMessage id={`notification_type.${type}`} />}
            checked={user.notification_settings[type] ?? false}
            onChange={(on) => save.mutate({ ...user.notification_settings, [type]: on })}
          />
        ))}
      </div>
      <ErrorAlert error={save.error} />
    </Section>
  );
}

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
