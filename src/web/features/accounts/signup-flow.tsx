import { useIsMutating } from '@tanstack/react-query';
import { DoorClosed } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { pathFor } from '../../../shared/routes.ts';
import { useUser } from '../../api/session.ts';
import { Redirect } from '../../components/redirect.tsx';
import { Link } from '../../components/route-link.tsx';
import { useSite } from '../../site-context.tsx';
import { useSendKeptLikes } from '../likes/kept-likes.ts';
import { signupAllowed } from './shared.tsx';
import { SIGNUP_DONE, SIGNUP_SCREENS, screenOf } from './signup-steps.ts';
import { ACCOUNT_QUESTIONS, AccountStep, questionIn } from './steps/account-step.tsx';
import { MailStep } from './steps/mail-step.tsx';
import { useKeyboardInset, usePhone } from './steps/phone.ts';
import { PhotoStep } from './steps/photo-step.tsx';

// The about-me screens carry some fifty interest icons: their own chunk, loaded when a member gets there.
const AboutStep = lazy(() => import('./steps/about-step.tsx'));

/**
 * The one progress indicator of the signup (issue 27): every screen counts, and on phones every question
 * of the account too, so the bar moves with each "Verder" and no second counter is needed.
 */
function Progress({ position, total }: { position: number; total: number }) {
  const intl = useIntl();
  const label = intl.formatMessage({ id: 'signup.progress' }, { step: position + 1, total });
  return (
    <div>
      <p className="text-sm font-semibold text-primary" aria-hidden data-testid="signup-progress">
        {label}
      </p>
      <div
        role="progressbar"
        aria-label={intl.formatMessage({ id: 'signup.progress_label' })}
        aria-valuemin={1}
        aria-valuemax={total}
        aria-valuenow={position + 1}
        aria-valuetext={label}
        className="mt-2 h-1.5 overflow-hidden rounded-full bg-line"
      >
        <span
          className="block h-full rounded-full bg-primary transition-[width] motion-reduce:transition-none"
          style={{ width: `${((position + 1) / total) * 100}%` }}
        />
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
  const screen = screenOf(step);
  useKeyboardInset();
  // On phones the account asks one question per screen; each counts in the one progress indicator.
  const phone = usePhone();
  const location = useLocation();
  const question = phone && screen === 0 ? questionIn(location.state) : 0;
  const accountScreens = phone ? ACCOUNT_QUESTIONS : 1;
  const total = accountScreens + SIGNUP_SCREENS - 1;
  const position = screen === 0 ? question : accountScreens + screen - 1;
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

  // Likes given on the swipe lander before there was an account go out now (issue 25).
  useSendKeptLikes(Boolean(user));

  const signingUp = useIsMutating({ mutationKey: ['signup'] }) > 0;
  useEffect(() => {
    onInProgressChange?.(signingUp || (step >= 1 && step < SIGNUP_DONE));
  }, [signingUp, step, onInProgressChange]);

  useEffect(() => {
    if (closed) onClosed?.();
  }, [closed, onClosed]);

  // A screen done: focus the next screen's title, so it is read out and the view starts at the top.
  useEffect(() => {
    if (shownStep.current === null || shownStep.current === step) return;
    const from = shownStep.current;
    shownStep.current = step;
    if (step >= SIGNUP_DONE && from < SIGNUP_DONE) onFinished();
    else heading.current?.focus();
  }, [step, onFinished]);

  if (isPending) return <div className="h-96 animate-pulse rounded-2xl bg-surface" aria-busy="true" />;
  if (closed) return <SignupClosed />;
  if (step >= SIGNUP_DONE) return openedDone.current ? <Redirect to="/" /> : null;

  return (
    <div className="flex flex-1 flex-col space-y-5" data-step={step} data-screen={screen}>
      <Progress position={position} total={total} />
      {/* The step's title once, above its first question; later questions have their own label. */}
      <h2
        ref={heading}
        tabIndex={-1}
        className={`text-2xl font-bold tracking-tight outline-none ${question > 0 ? 'sr-only' : ''}`}
      >
        <FormattedMessage id={`signup.step${screen}_title`} values={{ site: settings.name }} />
      </h2>
      {screen === 0 && <AccountStep onLeave={props.onLeave} onClosed={() => setClosedByServer(true)} />}
      {screen === 1 && <PhotoStep />}
      {screen >= 2 && screen <= 4 && (
        <Suspense fallback={<div className="h-64 animate-pulse rounded-2xl bg-surface" aria-busy="true" />}>
          <AboutStep key={screen} step={screen as 2 | 3 | 4} />
        </Suspense>
      )}
      {screen === 5 && user && <MailStep user={user} />}
    </div>
  );
}

/**
 * The page around the flow (/signup and /complete-signup): a card on wide screens; on phones the whole
 * screen, so the "Verder" bar sits at its bottom even when a question is short (issue 11).
 */
export function SignupFrame(props: { title: ReactNode; intro: ReactNode; children: ReactNode }) {
  // On phones the page's title and intro stand above the first question only, not above every one
  // (issue 27); screen readers keep the title.
  const phone = usePhone();
  const location = useLocation();
  const { user } = useUser();
  const later = phone && (questionIn(location.state) > 0 || (user?.signup_step ?? 0) > 0);
  return (
    <div className="mx-auto flex max-w-xl flex-col px-4 pt-6 max-sm:min-h-[calc(100dvh-3.5rem-env(safe-area-inset-top))] sm:py-12">
      <h1 className={later ? 'sr-only' : 'text-2xl font-extrabold tracking-tight sm:text-3xl'}>
        {props.title}
      </h1>
      {!later && <p className="mt-1 text-muted sm:mt-2">{props.intro}</p>}
      <div className="mt-5 flex flex-1 flex-col sm:mt-6 sm:rounded-3xl sm:border sm:border-line sm:bg-white sm:p-8 sm:shadow-sm">
        {props.children}
      </div>
    </div>
  );
}
