import { useQueryClient } from '@tanstack/react-query';
import { BadgeCheck, PartyPopper } from 'lucide-react';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { pathFor } from '../../../shared/routes.ts';
import { useUser } from '../../api/session.ts';
import { Link } from '../../components/route-link.tsx';
import { useSite } from '../../site-context.tsx';
import { usePageTitle } from '../../use-page-title.ts';
import { AuthPage } from './shared.tsx';
import { readSignupReason } from './signup-reason.ts';
import { SIGNUP_DONE } from './signup-steps.ts';

/** /activate/done: the activation link worked, or the account was already active (A-04, issue 11). */
export function ActivateDonePage() {
  const intl = useIntl();
  const { settings } = useSite();
  const queryClient = useQueryClient();
  const { user } = useUser();
  const [params] = useSearchParams();
  const already = params.get('already') === '1';
  const title = already ? 'activate.already_title' : 'activate.done_title';
  usePageTitle(intl.formatMessage({ id: title }));
  // The member's status changed on the server: read it again so the reminder disappears.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: ['user'] });
  }, [queryClient]);
  const login = pathFor('login');
  // Signed up from a member's landing (L-08): their chat, with the first message drafted, is next.
  const [reason, setReason] = useState<number | null>(null);
  useEffect(() => setReason(readSignupReason()?.memberId ?? null), []);
  const next =
    user && user.signup_step < SIGNUP_DONE
      ? (pathFor('complete-signup') ?? '/')
      : user && reason
        ? (pathFor('members-id-chat', { id: reason }) ?? '/')
        : user
          ? (pathFor('members') ?? '/')
          : (login ?? '/');
  return (
    <AuthPage
      icon={already ? BadgeCheck : PartyPopper}
      title={<FormattedMessage id={title} />}
      intro={
        <FormattedMessage
          id={already ? 'activate.already_body' : 'activate.done_body'}
          values={{ site: settings.name }}
        />
      }
    >
      <Link to={next} className="btn btn-primary w-full">
        {!user && login ? <FormattedMessage id="nav.login" /> : <FormattedMessage id="common.continue" />}
      </Link>
    </AuthPage>
  );
}
