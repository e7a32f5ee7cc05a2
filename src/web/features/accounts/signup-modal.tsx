import { useCallback, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router';
import { Modal } from '../../components/modal.tsx';
import { useSite } from '../../site-context.tsx';
import { SignupFlow } from './signup-flow.tsx';
import { closeSignupModal, useSignupModalOpen } from './signup-modal-store.ts';
import { SIGNUP_FINISHED_PATH } from './signup-steps.ts';

/**
 * The signup modal of the default and empty layouts (spec §4): it cannot be dismissed while a signup is
 * in progress, and closes when signup is closed for this visitor or a link leads to the login.
 */
export default function SignupModal() {
  const open = useSignupModalOpen();
  const { settings } = useSite();
  const navigate = useNavigate();
  const [inProgress, setInProgress] = useState(false);
  const finished = useCallback(() => {
    closeSignupModal();
    navigate(SIGNUP_FINISHED_PATH);
  }, [navigate]);
  const closed = useCallback(() => {
    closeSignupModal();
    // The page says kindly why signing up is not possible.
    navigate('/signup');
  }, [navigate]);
  return (
    <Modal
      open={open}
      onOpenChange={(o) => (o ? undefined : closeSignupModal())}
      title={<FormattedMessage id="signup.title" values={{ site: settings.name }} />}
      size="md"
      dismissible={!inProgress}
    >
      <SignupFlow
        onFinished={finished}
        onLeave={closeSignupModal}
        onInProgressChange={setInProgress}
        onClosed={closed}
      />
    </Modal>
  );
}
