import { useCallback } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { useSite } from '../../site-context.tsx';
import { usePageTitle } from '../../use-page-title.ts';
import { SignupFlow, SignupFrame } from './signup-flow.tsx';
import { SIGNUP_FINISHED_PATH } from './signup-steps.ts';

/** /signup as a page: the same steps as the signup modal. */
export function SignupPage() {
  const { settings } = useSite();
  const intl = useIntl();
  const navigate = useNavigate();
  usePageTitle(intl.formatMessage({ id: 'signup.title' }, { site: settings.name }));
  const finished = useCallback(() => navigate(SIGNUP_FINISHED_PATH), [navigate]);
  return (
    <SignupFrame
      title={<FormattedMessage id="signup.title" values={{ site: settings.name }} />}
      intro={<FormattedMessage id="signup.subtitle" />}
    >
      <SignupFlow onFinished={finished} />
    </SignupFrame>
  );
}
