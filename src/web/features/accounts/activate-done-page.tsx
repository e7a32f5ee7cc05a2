import { useQueryClient } from '@tanstack/react-query';
import { PartyPopper } from 'lucide-react';
import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { pathFor } from '../../../shared/routes.ts';
import { useUser } from '../../api/session.ts';
import { useSite } from '../../site-context.tsx';
import { usePageTitle } from '../../use-page-title.ts';
import { AuthPage } from './shared.tsx';
import { SIGNUP_DONE } from './signup-steps.ts';

/** /activate/done: the activation link worked. */
export function ActivateDonePage() {
  const intl = useIntl();
  const { settings } = useSite();
  const queryClient = useQueryClient();
  const { user } = useUser();
  usePageTitle(intl.formatMessage({ id: 'activate.done_title' }));
  // The member's status changed on the server: read it again so the reminder disappears.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: ['user'] });
  }, [queryClient]);
  const next =
    user && user.signup_step < SIGNUP_DONE
      ? (pathFor('complete-signup') ?? '/')
      : user
        ? '/'
        : (pathFor('login') ?? '/');
  return (
    <AuthPage
      icon={PartyPopper}
      title={<FormattedMessage id="activate.done_title" />}
      intro={<FormattedMessage id="activate.done_body" values={{ site: settings.name }} />}
    >
      <Link to={next} className="btn btn-primary w-full">
        <FormattedMessage id="common.continue" />
      </Link>
    </AuthPage>
  );
}
