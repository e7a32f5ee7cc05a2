import { CircleCheck, KeyRound } from 'lucide-react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ZResetDoRequest } from '../../../shared/contract/accounts.ts';
import { pathFor } from '../../../shared/routes.ts';
import { useDoReset } from '../../api/accounts.ts';
import {
  FormAlert,
  FormMessage,
  PasswordField,
  SubmitButton,
  useFormErrors,
  useFormRef,
  zodFieldErrors,
} from '../../components/form.tsx';
import { Link } from '../../components/route-link.tsx';
import { usePageTitle } from '../../use-page-title.ts';
import { AuthPage } from './shared.tsx';
import { useTokenFromAddress } from './token.ts';

/** /reset-password/do?token= (A-06): a new password twice; afterwards the member is logged in. */
export function ResetPasswordDoPage() {
  const intl = useIntl();
  const token = useTokenFromAddress();
  const reset = useDoReset();
  const formRef = useFormRef();
  const errors = useFormErrors(formRef);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  usePageTitle(intl.formatMessage({ id: 'reset.do_title' }));
  const again = pathFor('reset-password');

  if (!token || token.length < 10) {
    return (
      <AuthPage icon={KeyRound} tone="danger" title={<FormattedMessage id="reset.do_title" />}>
        <FormAlert>
          <FormattedMessage id="reset.link_invalid" />
        </FormAlert>
        {again && (
          <Link to={again} className="btn btn-primary mt-6 w-full">
            <FormattedMessage id="reset.request_new" />
          </Link>
        )}
      </AuthPage>
    );
  }

  if (reset.isSuccess) {
    return (
      <AuthPage icon={CircleCheck} title={<FormattedMessage id="reset.done_title" />}>
        <p className="text-[17px] text-muted" role="status">
          <FormattedMessage id="reset.done_body" values={{ name: reset.data.user?.profile.name ?? '' }} />
        </p>
        <Link to="/" className="btn btn-primary mt-6 w-full">
          <FormattedMessage id="common.continue" />
        </Link>
      </AuthPage>
    );
  }

  function submit(e: React.FormEvent) {
    e.preventDefault();
    if (reset.isPending || !token) return;
    const parsed = ZResetDoRequest.safeParse({ token, password, password_confirm: confirm });
    if (!parsed.success) {
      return errors.fail(zodFieldErrors(parsed.error, (id) => intl.formatMessage({ id })));
    }
    errors.clear();
    reset.mutate(parsed.data, { onError: (err) => errors.fromServer(err, ['password', 'password_confirm']) });
  }

  const linkInvalid = errors.form !== null && reset.isError;
  return (
    <AuthPage
      icon={KeyRound}
      title={<FormattedMessage id="reset.do_title" />}
      intro={<FormattedMessage id="reset.do_intro" />}
    >
      <form ref={formRef} onSubmit={submit} noValidate className="space-y-5">
        <FormMessage message={errors.form} />
        {linkInvalid && again && (
          <Link to={again} className="btn btn-ghost w-full">
            <FormattedMessage id="reset.request_new" />
          </Link>
        )}
        <PasswordField
          label={<FormattedMessage id="reset.new_password" />}
          hint={<FormattedMessage id="signup.password_hint" />}
          autoComplete="new-password"
          value={password}
          {...errors.bind('password', setPassword)}
        />
        <PasswordField
          label={<FormattedMessage id="reset.repeat_password" />}
          autoComplete="new-password"
          value={confirm}
          {...errors.bind('password_confirm', setConfirm)}
        />
        <SubmitButton pending={reset.isPending} pendingText="saving">
          <FormattedMessage id="reset.do_submit" />
        </SubmitButton>
      </form>
    </AuthPage>
  );
}
