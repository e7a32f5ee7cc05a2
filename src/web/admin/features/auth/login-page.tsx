import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router';
import type { StaffFactors } from '../../../../shared/contract/admin-staff.ts';
import { adminCall } from '../../api.ts';
import { AuthFrame, safeNext } from './auth-frame.tsx';
import { AuthField, buttonClass, ErrorText, SecondFactorForm, useErrorText } from './factor-forms.tsx';

/**
 * `/admin/login` (issue 23, O-01): e-mail and password, then the second factor (passkey, code app or a
 * recovery code); afterwards the page the staff member came for (`?next=`).
 */
export function Component() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const [factors, setFactors] = useState<StaffFactors | null>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ids = { email: useId(), password: useId(), error: useId() };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      setFactors(await adminCall('POST /api/admin/auth/login', { body: { email, password } }));
      setPassword('');
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const done = () => {
    queryClient.clear();
    navigate(safeNext(params.get('next')), { replace: true });
  };

  if (factors) {
    return (
      <AuthFrame title="admin.auth.factor_title">
        <p className="mb-4 text-sm text-muted">
          <FormattedMessage id="admin.auth.factor_text" values={{ email }} />
        </p>
        <SecondFactorForm factors={factors} mode="sign-in" onDone={done} />
      </AuthFrame>
    );
  }

  return (
    <AuthFrame title="admin.auth.sign_in_title">
      <form onSubmit={submit} className="space-y-4" noValidate>
        <AuthField
          id={ids.email}
          label="admin.auth.email"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          autoComplete="username"
          maxLength={254}
          required
          aria-describedby={ids.error}
        />
        <AuthField
          id={ids.password}
          label="admin.auth.password"
          type="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoComplete="current-password"
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
