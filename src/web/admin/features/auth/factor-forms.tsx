import { startAuthentication } from '@simplewebauthn/browser';
import { type FormEvent, type InputHTMLAttributes, type ReactNode, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { StaffFactors } from '../../../../shared/contract/admin-staff.ts';
import { AdminApiError, adminCall } from '../../api.ts';

/** The text of a failed call: the server's localised message, or the general one. */
export function useErrorText() {
  const intl = useIntl();
  return (err: unknown) => {
    if (err instanceof AdminApiError) return err.message;
    if (err instanceof Error && err.name === 'NotAllowedError')
      return intl.formatMessage({ id: 'admin.auth.passkey_cancelled' });
    return intl.formatMessage({ id: 'admin.error.general' });
  };
}

export const inputClass =
  'mt-1 block min-h-11 w-full rounded-md border border-line bg-white px-3 text-base focus:border-primary';
export const buttonClass =
  'inline-flex min-h-11 items-center justify-center rounded-md bg-primary px-4 font-semibold text-white hover:bg-primary-strong disabled:opacity-60';
export const secondaryButtonClass =
  'inline-flex min-h-11 items-center justify-center rounded-md border border-line bg-white px-4 hover:bg-surface disabled:opacity-60';

/** A labelled field of the sign-in and staff forms; `label` is a message id, the rest goes to the input. */
export function AuthField({
  id,
  label,
  hint,
  ...input
}: { id: string; label: string; hint?: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        <FormattedMessage id={label} />
      </label>
      <input id={id} className={inputClass} {...input} />
      {hint}
    </div>
  );
}

export function ErrorText({ id, text }: { id: string; text: string | null }) {
  return (
    <p
      id={id}
      role="alert"
      className={text ? 'rounded-md bg-danger-soft p-2 text-sm text-danger' : 'sr-only'}
    >
      {text ?? ''}
    </p>
  );
}

/** A WebAuthn answer as the contract takes it: the same fields, as plain records. */
export const webAuthnBody = (r: {
  id: string;
  rawId: string;
  type: 'public-key';
  response: object;
  clientExtensionResults: object;
  authenticatorAttachment?: string;
}) => ({ ...r, response: { ...r.response }, clientExtensionResults: { ...r.clientExtensionResults } });

/** The second factor's endpoints at sign-in and at step-up. */
const SIGN_IN = {
  options: 'POST /api/admin/auth/passkey/options',
  passkey: 'POST /api/admin/auth/passkey',
  totp: 'POST /api/admin/auth/totp',
} as const;
const STEP_UP = {
  options: 'POST /api/admin/auth/step-up/passkey/options',
  passkey: 'POST /api/admin/auth/step-up/passkey',
  totp: 'POST /api/admin/auth/step-up/totp',
} as const;

/**
 * The second factor, asked at sign-in (`/auth/...`, with recovery codes) or again for a dangerous action
 * (`/auth/step-up/...`): a passkey button and/or a code field. `onDone` runs once the server accepted it.
 */
export function SecondFactorForm({
  factors,
  mode,
  onDone,
}: {
  factors: StaffFactors;
  mode: 'sign-in' | 'step-up';
  onDone: () => void;
}) {
  const intl = useIntl();
  const errorText = useErrorText();
  const step = mode === 'sign-in' ? SIGN_IN : STEP_UP;
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ids = { code: useId(), error: useId() };

  const passkey = async () => {
    setBusy(true);
    setError(null);
    try {
      const options = await adminCall(step.options);
      const response = await startAuthentication({
        // The server's library made these options for the browser's library.
        optionsJSON: options as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'],
      });
      await adminCall(step.passkey, { body: webAuthnBody(response) });
      onDone();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const submitCode = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      // Recovery codes are offered at sign-in only (step-up has none).
      await adminCall(useRecovery ? 'POST /api/admin/auth/recovery' : step.totp, { body: { code } });
      onDone();
    } catch (err) {
      setError(errorText(err));
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  const showCode = factors.totp || useRecovery;
  return (
    <div className="space-y-4">
      {factors.passkey && !useRecovery && (
        <button type="button" className={`${buttonClass} w-full`} onClick={passkey} disabled={busy}>
          <FormattedMessage id="admin.auth.use_passkey" />
        </button>
      )}
      {factors.passkey && factors.totp && !useRecovery && (
        <p className="text-center text-sm text-muted">
          <FormattedMessage id="admin.auth.or" />
        </p>
      )}
      {showCode && (
        <form onSubmit={submitCode} className="space-y-3" noValidate>
          <label htmlFor={ids.code} className="block text-sm font-semibold">
            <FormattedMessage id={useRecovery ? 'admin.auth.recovery_code' : 'admin.auth.app_code'} />
          </label>
          <input
            id={ids.code}
            className={inputClass}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            autoComplete="one-time-code"
            inputMode={useRecovery ? 'text' : 'numeric'}
            maxLength={useRecovery ? 40 : 10}
            aria-describedby={ids.error}
            required
          />
          <button type="submit" className={`${buttonClass} w-full`} disabled={busy || code.trim() === ''}>
            <FormattedMessage id="admin.auth.confirm" />
          </button>
        </form>
      )}
      <ErrorText id={ids.error} text={error} />
      {mode === 'sign-in' && (
        <button
          type="button"
          className="min-h-11 text-sm text-primary-strong underline"
          onClick={() => {
            setUseRecovery(!useRecovery);
            setCode('');
            setError(null);
          }}
        >
          {intl.formatMessage({ id: useRecovery ? 'admin.auth.back_to_factor' : 'admin.auth.use_recovery' })}
        </button>
      )}
    </div>
  );
}
