import { KeyRound, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { pathFor } from '../../../shared/routes.ts';
import { useRequestReset } from '../../api/accounts.ts';
import { ApiError } from '../../api/client.ts';
import {
  FormAlert,
  FormMessage,
  looksLikeEmail,
  SubmitButton,
  TextField,
  useFormErrors,
  useFormRef,
} from '../../components/form.tsx';
import { Link } from '../../components/route-link.tsx';
import { usePageTitle } from '../../use-page-title.ts';
import { AuthPage } from './shared.tsx';

/** /reset-password: ask for a link by e-mail. */
export function ResetPasswordPage() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const request = useRequestReset();
  const formRef = useFormRef();
  const errors = useFormErrors(formRef);
  const [email, setEmail] = useState(params.get('email') ?? '');
  usePageTitle(intl.formatMessage({ id: 'reset.title' }));
  const login = pathFor('login');

  if (request.isSuccess) {
    return (
      <AuthPage icon={MailCheck} title={<FormattedMessage id="reset.sent_title" />}>
        <FormAlert tone="ok">
          <FormattedMessage id="reset.sent" values={{ email: request.variables.email }} />
        </FormAlert>
        {login && (
          <Link to={login} className="btn btn-ghost mt-6 w-full">
            <FormattedMessage id="reset.back_to_login" />
          </Link>
        )}
      </AuthPage>
    );
  }

  function submit(e: React.FormEvent) {
    e.preventDefault();
    if (request.isPending) return;
    if (!looksLikeEmail(email)) {
      return errors.fail({ email: intl.formatMessage({ id: 'validation.email_invalid' }) });
    }
    errors.clear();
    request.mutate(
      { email: email.trim().toLowerCase() },
      {
        onError: (err) => {
          // "E-mailadres niet gevonden" belongs under the address itself.
          if (err instanceof ApiError && err.status === 404) errors.fail({ email: err.message });
          else errors.fromServer(err, ['email']);
        },
      },
    );
  }

  return (
    <AuthPage
      icon={KeyRound}
      title={<FormattedMessage id="reset.title" />}
      intro={<FormattedMessage id="reset.intro" />}
    >
      <form ref={formRef} onSubmit={submit} noValidate className="space-y-5">
        <FormMessage message={errors.form} />
        <TextField
          label={<FormattedMessage id="login.email" />}
          type="email"
          inputMode="email"
          autoComplete="email"
          value={email}
          {...errors.bind('email', setEmail)}
        />
        <SubmitButton pending={request.isPending}>
          <FormattedMessage id="reset.submit" />
        </SubmitButton>
      </form>
      {login && (
        <p className="mt-6 text-center">
          <Link to={login} className="inline-flex min-h-11 items-center font-semibold text-primary underline">
            <FormattedMessage id="reset.back_to_login" />
          </Link>
        </p>
      )}
    </AuthPage>
  );
}
