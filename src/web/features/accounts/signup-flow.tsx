import { useIsMutating } from '@tanstack/react-query';
import { DoorClosed } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Navigate } from 'react-router';
import { pathFor } from '../../../shared/routes.ts';
import { useUser } from '../../api/session.ts';
import { useSite } from '../../site-context.tsx';
import { signupAllowed } from './shared.tsx';
import { SIGNUP_DONE, SIGNUP_STEPS } from './signup-steps.ts';
import { AboutStep } from './steps/about-steps.tsx';
import { AccountStep } from './steps/account-step.tsx';
import { MailStep } from './steps/mail-step.tsx';
import { PhotoStep } from './steps/photo-step.tsx';

// The interests step carries some fifty icons: its own chunk, loaded when a member gets there.
const InterestsStep = lazy(() => import('./steps/interests-step.tsx'));

function Progress({ step }: { step: number }) {
  const intl = useIntl();
  const label = intl.formatMessage({ id: 'signup.progress' }, { step: step + 1, total: SIGNUP_STEPS });
  return (
    <div>
      <p className="text-sm font-semibold text-primary" aria-hidden>
        {label}
      </p>
      <div
        role="progressbar"
        aria-label={intl.formatMessage({ id: 'signup.progress_label' })}
        aria-valuemin={1}
        aria-valuemax={SIGNUP_STEPS}
        aria-valuenow={step + 1}
        aria-valuetext={label}
        className="mt-2 grid grid-cols-6 gap-1.5"
      >
        {Array.from({ length: SIGNUP_STEPS }, (_, i) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: the segments are the steps themselves
            key={i}
            className={`h-1.5 rounded-full transition-colors ${i <= step ? 'bg-primary' : 'bg-line'}`}
          />
        ))}
      </div>
    </div>
  );
}

/** The friendly "not now" for visitors of a site that only takes signups from a traffic source. */
export function SignupClosed() {
  const login = pathFor('login');
  return (
    <div className="flex flex-col items-center gap-3 py-4 text-center" data-testid="signup-closed">
      <DoorClosed aria-hidden size={40} className="text-primary" />
      <h2 className="text-xl font-bold">
        <FormattedMessage id="signup.closed_title" />
      </h2>
      <p className="text-muted">
        <FormattedMessage id="signup.closed_body" />
      </p>
      {login && (
        <Link to={login} className="btn btn-primary mt-2">
          <FormattedMessage id="nav.login" />
        </Link>
      )}
    </div>
  );
}

/**
 * The signup steps, where the member's `signup_step` says they are: visitors start at the account,
 * members continue where they left off. Used by /signup, the signup modal and /complete-signup.
 */
export function SignupFlow(props: {
  /** Called once the last step is done in this flow. */
  onFinished(): void;
  /** A link leaves the flow (to login): the modal closes. */
  onLeave?: () => void;
  /** Whether leaving now would interrupt a signup (the modal then cannot be dismissed). */
  onInProgressChange?: (inProgress: boolean) => void;
  /** Signup is closed for this visitor: the modal closes instead of showing the notice. */
  onClosed?: () => void;
}) {
  const { settings } = useSite();
  const { user, isPending } = useUser();
  const [closedByServer, setClosedByServer] = useState(false);
  const step = user ? Math.min(user.signup_step, SIGNUP_DONE) : 0;
  const closed = !user && (closedByServer || !signupAllowed(settings));
  const heading = useRef<HTMLHeadingElement>(null);
  // The step this flow opened at, once the session is known: a finished member is sent home instead.
  const shownStep = useRef<number | null>(null);
  const openedDone = useRef(false);
  if (!isPending && shownStep.current === null) {
    shownStep.current = step;
    openedDone.current = step >= SIGNUP_DONE;
  }
  const { onFinished, onInProgressChange, onClosed } = props;

  const signingUp = useIsMutating({ mutationKey: ['signup'] }) > 0;
  useEffect(() => {
    onInProgressChange?.(signingUp || (step >= 1 && step < SIGNUP_DONE));
  }, [signingUp, step, onInProgressChange]);

  useEffect(() => {
    if (closed) onClosed?.();
  }, [closed, onClosed]);

  // A step done: focus the next step's title, so it is read out and the view starts at the top.
  useEffect(() => {
    if (shownStep.current === null || shownStep.current === step) return;
    const from = shownStep.current;
    shownStep.current = step;
    if (step >= SIGNUP_DONE && from < SIGNUP_DONE) onFinished();
    else heading.current?.focus();
  }, [step, onFinished]);

  if (isPending) return <div className="h-96 animate-pulse rounded-2xl bg-surface" aria-busy="true" />;
  if (closed) return <SignupClosed />;
  if (step >= SIGNUP_DONE) return openedDone.current ? <Navigate to="/" replace /> : null;

  return (
    <div className="space-y-5" data-step={step}>
      <Progress step={step} />
      <h2 ref={heading} tabIndex={-1} className="text-2xl font-bold tracking-tight outline-none">
        <FormattedMessage id={`signup.step${step}_title`} values={{ site: settings.name }} />
      </h2>
      {step === 0 && <AccountStep onLeave={props.onLeave} onClosed={() => setClosedByServer(true)} />}
      {step === 1 && <PhotoStep />}
      {(step === 2 || step === 3) && <AboutStep key={step} step={step} />}
      {step === 4 && (
        <Suspense fallback={<div className="h-64 animate-pulse rounded-2xl bg-surface" aria-busy="true" />}>
          <InterestsStep />
        </Suspense>
      )}
      {step === 5 && user && <MailStep user={user} />}
    </div>
  );
}
