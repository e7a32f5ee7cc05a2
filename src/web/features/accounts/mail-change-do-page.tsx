import { CircleCheck, MailWarning } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { pathFor } from '../../../shared/routes.ts';
import { useMailChangeDo } from '../../api/accounts.ts';
import { ApiError } from '../../api/client.ts';
import { Link } from '../../components/route-link.tsx';
import { usePageTitle } from '../../use-page-title.ts';
import { AuthPage, PageSkeleton } from './shared.tsx';
import { useTokenFromAddress } from './token.ts';

/** /mail-change/do?token=: confirms a new e-mail address from the link in the mail. */
export function MailChangeDoPage() {
  const intl = useIntl();
  const token = useTokenFromAddress();
  const confirm = useMailChangeDo();
  const sent = useRef(false);
  usePageTitle(intl.formatMessage({ id: 'mailchange.title' }));
  const valid = Boolean(token && token.length >= 10);

  useEffect(() => {
    if (!valid || !token || sent.current) return;
    sent.current = true;
    confirm.mutate({ token });
  }, [valid, token, confirm]);

  if (valid && (confirm.isIdle || confirm.isPending)) return <PageSkeleton />;
  if (confirm.isSuccess) {
    return (
      <AuthPage
        icon={CircleCheck}
        title={<FormattedMessage id="mailchange.done_title" />}
        intro={
          confirm.data.user ? (
            <FormattedMessage id="mailchange.done_body" values={{ email: confirm.data.user.email }} />
          ) : (
            <FormattedMessage id="mailchange.done_body_anonymous" />
          )
        }
      >
        <Link to={pathFor('settings') ?? '/'} className="btn btn-primary w-full">
          <FormattedMessage id="common.continue" />
        </Link>
      </AuthPage>
    );
  }
  const failure = confirm.error;
  return (
    <AuthPage
      icon={MailWarning}
      tone="danger"
      title={<FormattedMessage id="mailchange.title" />}
      intro={
        !failure ? (
          <FormattedMessage id="reset.link_invalid" />
        ) : failure instanceof ApiError && failure.status < 500 ? (
          failure.message
        ) : (
          <FormattedMessage id="error.general" />
        )
      }
    >
      <Link to={pathFor('settings') ?? '/'} className="btn btn-primary w-full">
        <FormattedMessage id="mailchange.to_settings" />
      </Link>
    </AuthPage>
  );
}
