import { startRegistration } from '@simplewebauthn/browser';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate, useParams } from 'react-router';
import type { EnrolDone, EnrolState, TotpSetup } from '../../../../shared/contract/admin-staff.ts';
import { adminCall } from '../../api.ts';
import { AuthFrame } from './auth-frame.tsx';
import {
  AuthField,
  buttonClass,
  ErrorText,
  secondaryButtonClass,
  useErrorText,
  webAuthnBody,
} from './factor-forms.tsx';

const MIN_PASSWORD = 12;

/**
 * `/admin/enrol/:token` (issue 23, O-01): the one-time link of a new (or reset) staff member. Name and
 * password, then a second factor (a passkey, or a one-time code app by QR code), then ten recovery codes
 * shown this once; afterwards the staff member is signed in.
 */
export function Component() {
  const { token = '' } = useParams();
  const state = useQuery({
    queryKey: ['admin', 'enrol', token],
    queryFn: () => adminCall('GET /api/admin/enrol/:token', { params: { token } }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
  const [passwordDone, setPasswordDone] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);

  if (codes) return <RecoveryCodes codes={codes} />;
  if (state.isPending) {
    return (
      <AuthFrame title="admin.auth.enrol_title">
        <p role="status" className="text-muted">
          <FormattedMessage id="admin.loading" />
        </p>
      </AuthFrame>
    );
  }
  if (state.isError) {
    return (
      <AuthFrame title="admin.auth.enrol_title">
        <p role="alert" className="rounded-md bg-danger-soft p-3 text-danger">
          {state.error.message}
        </p>
      </AuthFrame>
    );
  }
  if (!passwordDone) {
    return <PasswordStep token={token} state={state.data} onDone={() => setPasswordDone(true)} />;
  }
  return <FactorStep token={token} onDone={(done) => setCodes(done.recoveryCodes)} />;
}

function PasswordStep({ token, state, onDone }: { token: string; state: EnrolState; onDone: () => void }) {
  const intl = useIntl();
  const errorText = useErrorText();
  const [name, setName] = useState(state.name);
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ids = { name: useId(), password: useId(), repeat: useId(), hint: useId(), error: useId() };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if ([...password].length < MIN_PASSWORD) {
      setError(intl.formatMessage({ id: 'admin.auth.error.password_short' }, { min: MIN_PASSWORD }));
      return;
    }
    if (password !== repeat) {
      setError(intl.formatMessage({ id: 'admin.auth.passwords_differ' }));
      return;
    }
    setBusy(true);
    try {
      await adminCall('POST /api/admin/enrol/:token/password', {
        params: { token },
        body: { name, password },
      });
      onDone();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthFrame title="admin.auth.enrol_title">
      <p className="mb-4 text-sm text-muted">
        <FormattedMessage id="admin.auth.enrol_intro" values={{ email: state.email }} />
      </p>
      <Steps current={1} />
      <form onSubmit={submit} className="space-y-4" noValidate>
        <AuthField
          id={ids.name}
          label="admin.auth.name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          autoComplete="name"
          maxLength={80}
          required
        />
        {/* The e-mail address as the user name, so a password manager stores the pair. */}
        <input type="hidden" autoComplete="username" value={state.email} readOnly />
        <AuthField
          id={ids.password}
          label="admin.auth.new_password"
          type="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoComplete="new-password"
          maxLength={256}
          required
          aria-describedby={`${ids.hint} ${ids.error}`}
          hint={
            <p id={ids.hint} className="mt-1 text-sm text-muted">
              <FormattedMessage id="admin.auth.password_hint" values={{ min: MIN_PASSWORD }} />
            </p>
          }
        />
        <AuthField
          id={ids.repeat}
          label="admin.auth.repeat_password"
          type="password"
          value={repeat}
          onChange={(e) => setRepeat(e.target.value)}
          autoComplete="new-password"
          maxLength={256}
          required
          aria-describedby={ids.error}
        />
        <ErrorText id={ids.error} text={error} />
        <button type="submit" className={`${buttonClass} w-full`} disabled={busy}>
          <FormattedMessage id="admin.auth.next" />
        </button>
      </form>
    </AuthFrame>
  );
}

function Steps({ current }: { current: 1 | 2 | 3 }) {
  const intl = useIntl();
  const labels = ['admin.auth.step_password', 'admin.auth.step_factor', 'admin.auth.step_codes'];
  return (
    <ol className="mb-5 flex gap-2 text-xs" aria-label={intl.formatMessage({ id: 'admin.auth.steps' })}>
      {labels.map((id, i) => (
        <li
          key={id}
          aria-current={i + 1 === current ? 'step' : undefined}
          className={`flex-1 rounded-md px-2 py-1 text-center ${i + 1 === current ? 'bg-primary-soft font-semibold text-primary-strong' : 'bg-surface text-muted'}`}
        >
          {i + 1}. <FormattedMessage id={id} />
        </li>
      ))}
    </ol>
  );
}

function FactorStep({ token, onDone }: { token: string; onDone: (done: EnrolDone) => void }) {
  const intl = useIntl();
  const errorText = useErrorText();
  const [totp, setTotp] = useState<TotpSetup | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ids = { code: useId(), error: useId(), secret: useId() };
  const params = { token };
  const passkeySupported = typeof window !== 'undefined' && 'PublicKeyCredential' in window;

  const passkey = async () => {
    setBusy(true);
    setError(null);
    try {
      const options = await adminCall('POST /api/admin/enrol/:token/passkey/options', { params });
      const response = await startRegistration({
        // The server's library made these options for the browser's library.
        optionsJSON: options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'],
      });
      onDone(
        await adminCall('POST /api/admin/enrol/:token/passkey', {
          params,
          body: webAuthnBody(response),
        }),
      );
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const startTotp = async () => {
    setBusy(true);
    setError(null);
    try {
      setTotp(await adminCall('POST /api/admin/enrol/:token/totp/start', { params }));
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const confirmTotp = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onDone(await adminCall('POST /api/admin/enrol/:token/totp', { params, body: { code } }));
    } catch (err) {
      setError(errorText(err));
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthFrame title="admin.auth.enrol_title">
      <Steps current={2} />
      {!totp ? (
        <div className="space-y-4">
          <p className="text-sm text-muted">
            <FormattedMessage id="admin.auth.factor_choose" />
          </p>
          <div className="rounded-md border border-line p-4">
            <h2 className="font-semibold">
              <FormattedMessage id="admin.auth.passkey" />
            </h2>
            <p className="mb-3 text-sm text-muted">
              <FormattedMessage id="admin.auth.passkey_text" />
            </p>
            <button
              type="button"
              className={`${buttonClass} w-full`}
              onClick={passkey}
              disabled={busy || !passkeySupported}
            >
              <FormattedMessage id="admin.auth.make_passkey" />
            </button>
          </div>
          <div className="rounded-md border border-line p-4">
            <h2 className="font-semibold">
              <FormattedMessage id="admin.auth.code_app" />
            </h2>
            <p className="mb-3 text-sm text-muted">
              <FormattedMessage id="admin.auth.code_app_text" />
            </p>
            <button
              type="button"
              className={`${secondaryButtonClass} w-full`}
              onClick={startTotp}
              disabled={busy}
            >
              <FormattedMessage id="admin.auth.use_code_app" />
            </button>
          </div>
          <ErrorText id={ids.error} text={error} />
        </div>
      ) : (
        <form onSubmit={confirmTotp} className="space-y-4" noValidate>
          <p className="text-sm">
            <FormattedMessage id="admin.auth.scan_qr" />
          </p>
          <img
            src={totp.qr}
            width={240}
            height={240}
            className="mx-auto block border border-line"
            alt={intl.formatMessage({ id: 'admin.auth.qr_alt' })}
          />
          <div>
            <p id={ids.secret} className="text-sm text-muted">
              <FormattedMessage id="admin.auth.secret_text" />
            </p>
            <code
              className="mt-1 block break-all rounded-md bg-surface p-2 font-mono text-sm"
              aria-describedby={ids.secret}
            >
              {totp.secret.replace(/(.{4})/g, '$1 ').trim()}
            </code>
          </div>
          <AuthField
            id={ids.code}
            label="admin.auth.app_code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={10}
            required
            aria-describedby={ids.error}
          />
          <ErrorText id={ids.error} text={error} />
          <button type="submit" className={`${buttonClass} w-full`} disabled={busy || code.trim() === ''}>
            <FormattedMessage id="admin.auth.confirm" />
          </button>
        </form>
      )}
    </AuthFrame>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const heading = useRef<HTMLParagraphElement>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => heading.current?.focus(), []);
  const copy = async () => {
    await navigator.clipboard?.writeText(codes.join('\n')).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <AuthFrame title="admin.auth.enrol_title">
      <Steps current={3} />
      <p ref={heading} tabIndex={-1} className="mb-3 text-sm font-semibold outline-none">
        <FormattedMessage id="admin.auth.codes_text" />
      </p>
      <ul
        className="mb-4 grid grid-cols-2 gap-2 font-mono text-sm"
        aria-label={intl.formatMessage({ id: 'admin.auth.recovery_codes' })}
      >
        {codes.map((c) => (
          <li key={c} className="rounded-md bg-surface px-2 py-1 text-center">
            {c}
          </li>
        ))}
      </ul>
      <div className="flex flex-col gap-2 sm:flex-row">
        <button type="button" className={`${secondaryButtonClass} flex-1`} onClick={copy}>
          <FormattedMessage id={copied ? 'admin.auth.copied' : 'admin.auth.copy_codes'} />
        </button>
        <button
          type="button"
          className={`${buttonClass} flex-1`}
          onClick={() => {
            queryClient.clear();
            navigate('/', { replace: true });
          }}
        >
          <FormattedMessage id="admin.auth.codes_saved" />
        </button>
      </div>
    </AuthFrame>
  );
}
