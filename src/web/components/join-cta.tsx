import { Heart, LogIn } from 'lucide-react';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { useLocation } from 'react-router';
import { pathFor } from '../../shared/routes.ts';
import { loginPath } from '../features/accounts/redirect.ts';
import { signupAllowed } from '../features/accounts/shared.tsx';
import { openSignupModal } from '../features/accounts/signup-modal-store.ts';
import { useSite } from '../site-context.tsx';
import { Link } from './route-link.tsx';

/** From the md breakpoint of spec §9 on, the signup opens as a modal (as on the home page). */
const WIDE = '(min-width: 768px)';

/** Sign up for free, or log in and come back here: the visitor's way further (D-02, M-05). */
export function JoinCta(props: { title: ReactNode; body?: ReactNode; testId?: string }) {
  const { settings } = useSite();
  const location = useLocation();
  const signup = pathFor('signup');
  const login = pathFor('login') ? loginPath(`${location.pathname}${location.search}`) : null;
  return (
    <div
      className="rounded-3xl bg-[linear-gradient(150deg,var(--color-primary)_0%,var(--color-primary-strong)_100%)] p-6 text-white sm:p-8"
      data-testid={props.testId}
    >
      <Heart aria-hidden size={30} className="text-secondary-soft" fill="currentColor" />
      <h2 className="mt-3 text-2xl font-bold">{props.title}</h2>
      {props.body && <p className="mt-2 max-w-xl text-white/90">{props.body}</p>}
      <div className="mt-5 flex flex-col gap-3 sm:flex-row">
        {signup && signupAllowed(settings) && (
          <Link
            to={signup}
            className="btn btn-secondary px-7"
            onClick={(e) => {
              if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
              if (!window.matchMedia(WIDE).matches) return;
              e.preventDefault();
              openSignupModal();
            }}
          >
            <FormattedMessage id="home.cta_signup" />
          </Link>
        )}
        {login && (
          <Link to={login} className="btn border border-white/60 px-7 text-white hover:bg-white/10">
            <LogIn aria-hidden size={18} />
            <FormattedMessage id="nav.login" />
          </Link>
        )}
      </div>
    </div>
  );
}
