import { useCallback, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import type { TUser } from '../../../shared/contract/accounts.ts';
import { Redirect } from '../../components/redirect.tsx';
import { usePageTitle } from '../../use-page-title.ts';
import { RequireLogin } from './shared.tsx';
import { SignupFlow, SignupFrame } from './signup-flow.tsx';
import { SIGNUP_DONE, SIGNUP_FINISHED_PATH } from './signup-steps.ts';

function CompleteSignup({ user }: { user: TUser }) {
  const navigate = useNavigate();
  const finished = useCallback(() => navigate(SIGNUP_FINISHED_PATH), [navigate]);
  // Only a member who was already done when the page opened goes home; one finishing here goes on.
  const [openedDone] = useState(user.signup_step >= SIGNUP_DONE);
  if (openedDone) return <Redirect to="/" />;
  return (
    <SignupFrame
      title={<FormattedMessage id="signup.complete_title" />}
      intro={<FormattedMessage id="signup.complete_intro" values={{ name: user.profile.name }} />}
    >
      <SignupFlow onFinished={finished} />
    </SignupFrame>
  );
}

/** /complete-signup: a member who left the signup half-way continues at their step. */
export function CompleteSignupPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'signup.complete_title' }));
  return <RequireLogin>{(user) => <CompleteSignup user={user} />}</RequireLogin>;
}
