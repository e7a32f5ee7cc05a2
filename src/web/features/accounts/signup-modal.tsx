import { useQueryClient } from '@tanstack/react-query';
import { Heart } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router';
import { call } from '../../api/client.ts';
import { useUser } from '../../api/session.ts';
import { Modal } from '../../components/modal.tsx';
import { useSite } from '../../site-context.tsx';
import { MessageCompose, MessageKept } from './message-intent.tsx';
import { SignupFlow } from './signup-flow.tsx';
import {
  clearPendingLike,
  closeSignupModal,
  readPendingLike,
  readPendingMessage,
  useSignupModalOpen,
} from './signup-modal-store.ts';
import { keepMessage, readSignupReason } from './signup-reason.ts';
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
  const { user } = useUser();
  const queryClient = useQueryClient();
  const [pendingLike] = useState(readPendingLike);
  const [pendingMessage] = useState(readPendingMessage);
  // A visitor's "Bericht sturen" (issue 27): the message first, then the signup with it kept.
  const [composing, setComposing] = useState(() => pendingMessage !== null && !user);
  // The like a visitor tapped goes out as soon as their account exists (issue 11).
  useEffect(() => {
    if (!user || !pendingLike) return;
    clearPendingLike();
    call('POST /api/members/:id/like', { params: { id: pendingLike.id } }).then(
      () => queryClient.invalidateQueries({ queryKey: ['member', pendingLike.id] }),
      () => undefined,
    );
  }, [user, pendingLike, queryClient]);
  const finished = useCallback(() => {
    closeSignupModal();
    navigate(SIGNUP_FINISHED_PATH);
  }, [navigate]);
  const closed = useCallback(() => {
    closeSignupModal();
    // The page says kindly why signing up is not possible.
    navigate('/signup');
  }, [navigate]);
  const dismiss = () => {
    // Closed before the account exists: the message stays as a draft, and nothing goes out unasked.
    const kept = readSignupReason();
    if (!user && pendingMessage && kept?.memberId === pendingMessage.id && kept.send)
      keepMessage(pendingMessage, kept.draft, false);
    closeSignupModal();
  };
  return (
    <Modal
      open={open}
      onOpenChange={(o) => (o ? undefined : dismiss())}
      title={
        composing && pendingMessage ? (
          <FormattedMessage id="landing.signup_title" values={{ name: pendingMessage.name }} />
        ) : (
          <FormattedMessage id="signup.title" values={{ site: settings.name }} />
        )
      }
      size="md"
      dismissible={!inProgress}
    >
      {pendingLike && !user && (
        <p
          className="mb-4 flex items-center gap-2 rounded-2xl bg-primary-soft p-3 font-medium"
          data-testid="like-pending"
        >
          <Heart aria-hidden size={20} className="shrink-0 text-primary" fill="currentColor" />
          <FormattedMessage id="signup.like_pending" values={{ name: pendingLike.name }} />
        </p>
      )}
      {pendingMessage && composing ? (
        <MessageCompose member={pendingMessage} onDone={() => setComposing(false)} />
      ) : (
        <>
          {pendingMessage && (
            <MessageKept member={pendingMessage} signedUp={!!user} onEdit={() => setComposing(true)} />
          )}
          <SignupFlow
            onFinished={finished}
            onLeave={closeSignupModal}
            onInProgressChange={setInProgress}
            onClosed={closed}
          />
        </>
      )}
    </Modal>
  );
}
