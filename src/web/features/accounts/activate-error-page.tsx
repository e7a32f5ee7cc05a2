import { MailWarning } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { pathFor } from '../../../shared/routes.ts';
import { useResendActivation } from '../../api/accounts.ts';
import { errorText } from '../../api/error-text.ts';
import { useUser } from '../../api/session.ts';
import { FormAlert } from '../../components/form.tsx';
import { usePageTitle } from '../../use-page-title.ts';
import { AuthPage } from './shared.tsx';

/** /activate/error: 'Activeren mislukt', why, and a new mail for members who are logged in. */
export function ActivateErrorPage() {
  const intl = useIntl();
  const { user } = useUser();
  const resend = useResendActivation();
  usePageTitle(intl.formatMessage({ id: 'activate.failed' }));
  const login = pathFor('login');
  return (
    <AuthPage
      icon={MailWarning}
      tone="danger"
      title={<FormattedMessage id="activate.failed" />}
      intro={<FormattedMessage id="activate.failed_body" />}
    >
      {user && user.status === 'not_confirmed' ? (
        <div className="space-y-3">
          <button
            type="button"
            className="btn btn-primary w-full"
            onClick={() => resend.mutate()}
            disabled={resend.isPending || resend.isSuccess}
          >
            <FormattedMessage id="activation.resend" />
          </button>
          <p role="status" className="min-h-6 text-center text-primary">
            {resend.isSuccess && <FormattedMessage id="activation.resent" />}
          </p>
          {resend.isError && <FormAlert>{errorText(resend.error, intl)}</FormAlert>}
        </div>
      ) : user ? (
        <Link to="/" className="btn btn-primary w-full">
          <FormattedMessage id="common.continue" />
        </Link>
      ) : (
        login && (
          <>
            <p className="mb-4 text-muted">
              <FormattedMessage id="activate.login_to_resend" />
            </p>
            <Link to={`${login}?redirect=/activate/error`} className="btn btn-primary w-full">
              <FormattedMessage id="nav.login" />
            </Link>
          </>
        )
      )}
    </AuthPage>
  );
}
