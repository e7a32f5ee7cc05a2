// The settings page's account sections: e-mail address, password, notifications (mail and push).
import { Bell, KeyRound, Mail, MailWarning } from 'lucide-react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  NOTIFICATION_TYPES,
  type TUser,
  ZChangePasswordRequest,
  ZEmail,
} from '../../../shared/contract/accounts.ts';
import {
  useChangeEmail,
  useChangePassword,
  useEnableEmail,
  useNotificationSettings,
} from '../../api/accounts.ts';
import { usePush } from '../../api/push.ts';
import {
  ErrorAlert,
  FormAlert,
  FormMessage,
  PasswordField,
  SubmitButton,
  TextField,
  useFormErrors,
  useFormRef,
  zodFieldErrors,
} from '../../components/form.tsx';
import { Section } from '../../components/section-card.tsx';
import { SwitchRow } from '../../components/switch-row.tsx';
import { useSite } from '../../site-context.tsx';

export function EmailSection({ user }: { user: TUser }) {
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

export function PasswordSection() {
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

export function NotificationsSection({ user }: { user: TUser }) {
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
