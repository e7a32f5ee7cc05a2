import { useCallback, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Navigate, useNavigate } from 'react-router';
import type { TUser } from '../../../shared/contract/accounts.ts';
import { usePageTitle } from '../../use-page-title.ts';
import { RequireLogin } from './shared.tsx';
import { SignupFlow } from './signup-flow.tsx';
import { SIGNUP_DONE, SIGNUP_FINISHED_PATH } from './signup-steps.ts';

function CompleteSignup({ user }: { user: TUser }) {
  const navigate = useNavigate();
  const finished = useCallback(() => navigate(SIGNUP_FINISHED_PATH), [navigate]);
  // Only a member who was already done when the page opened goes home; one finishing here goes on.
  const [openedDone] = useState(user.signup_step >= SIGNUP_DONE);
  if (openedDone) return <Navigate to="/" replace />;
  return (
    <div className="mx-auto max-w-xl px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-extrabold tracking-tight">
        <FormattedMessage id="signup.complete_title" />
      </h1>
      <p className="mt-2 text-muted">
        <FormattedMessage id="signup.complete_intro" values={{ name: user.profile.name }} />
      </p>
      <div className="mt-6 rounded-3xl border border-line bg-white p-5 shadow-sm sm:p-8">
        <SignupFlow onFinished={finished} />
      </div>
    </div>
  );
}

/** /complete-signup: a member who left the signup half-way continues at their step. */
export function CompleteSignupPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'signup.complete_title' }));
  return <RequireLogin>{(user) => <CompleteSignup user={user} />}</RequireLogin>;
}
