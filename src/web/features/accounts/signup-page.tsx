import { useCallback } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { useSite } from '../../site-context.tsx';
import { usePageTitle } from '../../use-page-title.ts';
import { SignupFlow } from './signup-flow.tsx';
import { SIGNUP_FINISHED_PATH } from './signup-steps.ts';

/** /signup as a page: the same steps as the signup modal. */
export function SignupPage() {
  const { settings } = useSite();
  const intl = useIntl();
  const navigate = useNavigate();
  usePageTitle(intl.formatMessage({ id: 'signup.title' }, { site: settings.name }));
  const finished = useCallback(() => navigate(SIGNUP_FINISHED_PATH), [navigate]);
  return (
    <div className="mx-auto max-w-xl px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-extrabold tracking-tight">
        <FormattedMessage id="signup.title" values={{ site: settings.name }} />
      </h1>
      <p className="mt-2 text-muted">
        <FormattedMessage id="signup.subtitle" />
      </p>
      <div className="mt-6 rounded-3xl border border-line bg-white p-5 shadow-sm sm:p-8">
        <SignupFlow onFinished={finished} />
      </div>
    </div>
  );
}
