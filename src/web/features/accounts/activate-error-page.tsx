import { MailWarning } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { pathFor } from '../../../shared/routes.ts';
import { useResendActivation, useResendActivationLink } from '../../api/accounts.ts';
import { errorText } from '../../api/error-text.ts';
import { useUser } from '../../api/session.ts';
import { FormAlert } from '../../components/form.tsx';
import { Link } from '../../components/route-link.tsx';
import { usePageTitle } from '../../use-page-title.ts';
import { AuthPage } from './shared.tsx';

/** The "send a new e-mail" button with its result; the link itself is the proof for visitors. */
function ResendButton({ loggedIn }: { loggedIn: boolean }) {
  const intl = useIntl();
  const bySession = useResendActivation();
  const byLink = useResendActivationLink();
  const resend = loggedIn ? bySession : byLink;
  const login = pathFor('login');
  return (
    <div className="space-y-3">
      <button
        type="button"
        className="btn btn-primary w-full"
        onClick={() => resend.mutate()}
        disabled={resend.isPending || resend.isSuccess}
      >
        <FormattedMessage id="activate.send_new" />
      </button>
      <p role="status" className="min-h-6 text-center text-primary">
        {resend.isSuccess && <FormattedMessage id="activation.resent" />}
      </p>
      {resend.isError && (
        <>
          <FormAlert>{errorText(resend.error, intl)}</FormAlert>
          {!loggedIn && login && (
            <>
              <p className="text-muted">
                <FormattedMessage id="activate.login_to_resend" />
              </p>
              <Link to={`${login}?redirect=/activate/error`} className="btn btn-ghost w-full">
                <FormattedMessage id="nav.login" />
              </Link>
            </>
          )}
        </>
      )}
    </div>
  );
}

/** /activate/error: 'Activeren mislukt', why, and a button for a new mail (A-04, issue 11). */
export function ActivateErrorPage() {
  const intl = useIntl();
  const { user } = useUser();
  usePageTitle(intl.formatMessage({ id: 'activate.failed' }));
  return (
    <AuthPage
      icon={MailWarning}
      tone="danger"
      title={<FormattedMessage id="activate.failed" />}
      intro={<FormattedMessage id="activate.failed_body" />}
    >
      {user && user.status !== 'not_confirmed' ? (
        <Link to="/" className="btn btn-primary w-full">
          <FormattedMessage id="common.continue" />
        </Link>
      ) : (
        <ResendButton loggedIn={Boolean(user)} />
      )}
    </AuthPage>
  );
}
