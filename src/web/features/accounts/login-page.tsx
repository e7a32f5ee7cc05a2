import { LogIn } from 'lucide-react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { pathFor } from '../../../shared/routes.ts';
import { ApiError } from '../../api/client.ts';
import { useLogin, useUser } from '../../api/session.ts';
import {
  FormMessage,
  looksLikeEmail,
  PasswordField,
  SubmitButton,
  TextField,
  useFormErrors,
  useFormRef,
} from '../../components/form.tsx';
import { Redirect } from '../../components/redirect.tsx';
import { Link } from '../../components/route-link.tsx';
import { usePageTitle } from '../../use-page-title.ts';
import { safeRedirect } from './redirect.ts';
import { AuthPage } from './shared.tsx';
import { SIGNUP_DONE } from './signup-steps.ts';

/** /login: back to where the member came from afterwards, or on with an unfinished signup. */
export function LoginPage() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const { user } = useUser();
  const login = useLogin();
  const formRef = useFormRef();
  const errors = useFormErrors(formRef);
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');
  // Issue 27: a refused login names the next step, a new password, with the address filled in.
  const [refused, setRefused] = useState(false);
  usePageTitle(intl.formatMessage({ id: 'login.title' }));

  if (user) {
    const back = safeRedirect(params.get('redirect'));
    const next = back ?? (user.signup_step < SIGNUP_DONE ? (pathFor('complete-signup') ?? '/') : '/');
    return <Redirect to={next} />;
  }

  function submit(e: React.FormEvent) {
    e.preventDefault();
    if (login.isPending) return;
    const fields: Record<string, string> = {};
    if (!looksLikeEmail(email)) fields.email = intl.formatMessage({ id: 'validation.email_invalid' });
    if (!password) fields.password = intl.formatMessage({ id: 'validation.password_required' });
    if (Object.keys(fields).length > 0) return errors.fail(fields);
    errors.clear();
    login.mutate(
      { email: email.trim(), password },
      {
        onError: (err) => {
          // Banned members are on their way to /pages/ban (handled for every call).
          if (err instanceof ApiError && err.code === 'banned') return;
          setRefused(err instanceof ApiError && err.status === 401);
          errors.fromServer(err, ['email', 'password']);
        },
      },
    );
  }

  const reset = pathFor('reset-password');
  const signup = pathFor('signup');
  return (
    <AuthPage
      icon={LogIn}
      title={<FormattedMessage id="login.title" />}
      intro={<FormattedMessage id="login.intro" />}
    >
      <form ref={formRef} onSubmit={submit} noValidate className="space-y-5">
        <FormMessage message={errors.form} />
        {refused && errors.form && reset && (
          <Link
            to={email ? `${reset}?email=${encodeURIComponent(email.trim())}` : reset}
            className="btn btn-ghost w-full"
            data-testid="login-reset"
          >
            <FormattedMessage id="login.reset_after_error" />
          </Link>
        )}
        <TextField
          label={<FormattedMessage id="login.email" />}
          type="email"
          inputMode="email"
          autoComplete="username"
          value={email}
          {...errors.bind('email', setEmail)}
        />
        <div>
          <PasswordField
            label={<FormattedMessage id="login.password" />}
            autoComplete="current-password"
            value={password}
            {...errors.bind('password', setPassword)}
          />
          {reset && (
            <Link
              to={email ? `${reset}?email=${encodeURIComponent(email.trim())}` : reset}
              className="mt-1 inline-flex min-h-11 items-center text-[15px] font-semibold text-primary underline"
            >
              <FormattedMessage id="login.forgot" />
            </Link>
          )}
        </div>
        <SubmitButton pending={login.isPending}>
          <FormattedMessage id="login.submit" />
        </SubmitButton>
      </form>
      {signup && (
        <p className="mt-8 rounded-2xl bg-surface px-4 py-4 text-center text-[15px]">
          <FormattedMessage id="login.no_account" />{' '}
          <Link
            to={signup}
            className="inline-flex min-h-11 items-center font-semibold text-primary underline"
          >
            <FormattedMessage id="home.cta_signup" />
          </Link>
        </p>
      )}
    </AuthPage>
  );
}
