import { useQuery } from '@tanstack/react-query';
import { Flame, Heart, Lock, MessageCircle, Search, Sparkles } from 'lucide-react';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { TSearchResponse } from '../../../shared/contract/discovery.ts';
import { pathFor } from '../../../shared/routes.ts';
import { api } from '../../api/client.ts';
import { useUser } from '../../api/session.ts';
import { useSite } from '../../site-context.tsx';
import { usePageTitle } from '../../use-page-title.ts';
import { signupAllowed } from '../accounts/shared.tsx';
import { openSignupModal } from '../accounts/signup-modal-store.ts';
import { SIGNUP_DONE } from '../accounts/signup-steps.ts';

const STEPS = [
  { icon: Sparkles, title: 'home.step1_title', body: 'home.step1_body' },
  { icon: Search, title: 'home.step2_title', body: 'home.step2_body' },
  { icon: MessageCircle, title: 'home.step3_title', body: 'home.step3_body' },
] as const;

const FEATURES = [
  { icon: Flame, title: 'home.feature_swipe_title', body: 'home.feature_swipe_body' },
  { icon: Heart, title: 'home.feature_match_title', body: 'home.feature_match_body' },
  { icon: Lock, title: 'home.feature_discreet_title', body: 'home.feature_discreet_body' },
] as const;

/** From the md breakpoint of spec §9 on, the signup opens as a modal. */
const WIDE = '(min-width: 768px)';

/**
 * Three real member faces for the hero's card stack, on wide screens only (the stack is hidden on
 * phones) and only after the page settled: small decorative thumbnails that never compete with the
 * headline for the largest paint. Nothing is asked where visitors may not search.
 */
function useHeroFaces(mayAsk: boolean): string[] {
  const [wide, setWide] = useState(false);
  useEffect(() => {
    if (!mayAsk || !window.matchMedia(WIDE).matches) return;
    const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 1500));
    const handle = idle(() => setWide(true));
    return () => (window.cancelIdleCallback ?? window.clearTimeout)(handle);
  }, [mayAsk]);
  const faces = useQuery({
    queryKey: ['home-faces'],
    queryFn: () => api<TSearchResponse>('/api/members'),
    enabled: wide,
    retry: false,
    staleTime: 5 * 60_000,
  });
  return (faces.data?.page.results ?? []).flatMap((m) => (m.thumb_url ? [m.thumb_url] : [])).slice(0, 3);
}

/** The visitor's front door: what the site is, how it works, and the way in. */
export function HomePage() {
  const { settings } = useSite();
  const intl = useIntl();
  usePageTitle(null);
  const { user } = useUser();
  const signup = pathFor('signup');
  const login = pathFor('login');
  const completeSignup = pathFor('complete-signup');
  const faces = useHeroFaces(Boolean(pathFor('members')) && (Boolean(user) || settings.logged_out_search));
  return (
    <>
      <section className="relative isolate overflow-hidden bg-[radial-gradient(120%_80%_at_80%_0%,var(--color-secondary-soft),transparent_60%),linear-gradient(160deg,var(--color-primary)_0%,var(--color-primary-strong)_100%)] text-white">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 md:grid-cols-[1.2fr_1fr] md:py-24">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full bg-white/15 px-3 py-1 text-sm font-medium">
              <Sparkles aria-hidden size={16} />
              <FormattedMessage id="home.badge" />
            </p>
            <h1 className="mt-4 text-4xl font-extrabold leading-tight tracking-tight md:text-5xl">
              <FormattedMessage id="home.title" values={{ site: settings.name }} />
            </h1>
            <p className="mt-4 max-w-xl text-lg text-white/90">
              <FormattedMessage id="home.subtitle" values={{ min_age: settings.min_age }} />
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              {user ? (
                user.signup_step < SIGNUP_DONE &&
                completeSignup && (
                  <Link to={completeSignup} className="btn btn-secondary px-7 text-base">
                    <FormattedMessage id="home.cta_complete_signup" />
                  </Link>
                )
              ) : (
                <>
                  {signup && (
                    <Link
                      to={signup}
                      className="btn btn-secondary px-7 text-base"
                      onClick={(e) => {
                        // Wide screens sign up in the modal, over the page; phones get the full page.
                        if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
                        if (!window.matchMedia(WIDE).matches || !signupAllowed(settings)) return;
                        e.preventDefault();
                        openSignupModal();
                      }}
                    >
                      <FormattedMessage id="home.cta_signup" />
                    </Link>
                  )}
                  {login && (
                    <Link
                      to={login}
                      className="btn border border-white/60 px-7 text-base text-white hover:bg-white/10"
                    >
                      <FormattedMessage id="home.cta_login" />
                    </Link>
                  )}
                </>
              )}
            </div>
          </div>
          <div aria-hidden className="relative mx-auto hidden h-80 w-full max-w-sm md:block">
            {[0, 1, 2].map((i) => (
              <div
                key={i}
                className="absolute inset-x-6 top-0 aspect-[3/4] rounded-3xl border border-white/25 bg-white/10 shadow-2xl backdrop-blur"
                style={{ transform: `rotate(${(i - 1) * 7}deg) translateY(${i * 6}px)`, zIndex: 3 - i }}
              >
                {i === 0 && faces.length > 0 && (
                  <div className="absolute left-5 top-5 flex">
                    {faces.map((src) => (
                      <img
                        key={src}
                        src={src}
                        alt=""
                        width={56}
                        height={56}
                        loading="lazy"
                        decoding="async"
                        fetchPriority="low"
                        className="-ml-3 size-14 rounded-full bg-white/20 object-cover ring-2 ring-white/80 first:ml-0"
                      />
                    ))}
                  </div>
                )}
                {i === 0 && (
                  <div className="absolute inset-x-0 bottom-0 rounded-b-3xl bg-gradient-to-t from-black/50 to-transparent p-5">
                    <div className="h-4 w-24 rounded-full bg-white/80" />
                    <div className="mt-2 h-3 w-16 rounded-full bg-white/50" />
                  </div>
                )}
              </div>
            ))}
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-14" aria-labelledby="how">
        <h2 id="how" className="text-2xl font-bold md:text-3xl">
          <FormattedMessage id="home.how_title" />
        </h2>
        <ol className="mt-8 grid gap-6 md:grid-cols-3">
          {STEPS.map((step, i) => (
            <li key={step.title} className="rounded-2xl border border-line p-6">
              <span className="inline-flex size-11 items-center justify-center rounded-full bg-primary-soft text-primary">
                <step.icon aria-hidden size={22} />
              </span>
              <h3 className="mt-4 text-lg font-semibold">
                <span className="sr-only">{i + 1}. </span>
                <FormattedMessage id={step.title} />
              </h3>
              <p className="mt-2 text-muted">
                <FormattedMessage id={step.body} />
              </p>
            </li>
          ))}
        </ol>
      </section>

      <section className="bg-surface" aria-labelledby="why">
        <div className="mx-auto max-w-6xl px-4 py-14">
          <h2 id="why" className="text-2xl font-bold md:text-3xl">
            <FormattedMessage id="home.why_title" values={{ site: settings.name }} />
          </h2>
          <ul className="mt-8 grid gap-6 md:grid-cols-3">
            {FEATURES.map((f) => (
              <li key={f.title} className="rounded-2xl bg-white p-6 shadow-sm">
                <f.icon aria-hidden className="text-primary" size={26} />
                <h3 className="mt-3 text-lg font-semibold">
                  <FormattedMessage id={f.title} />
                </h3>
                <p className="mt-2 text-muted">
                  <FormattedMessage id={f.body} />
                </p>
              </li>
            ))}
          </ul>
          <p className="mt-10 rounded-2xl bg-secondary-soft p-6 text-on-secondary">
            <strong className="font-semibold">{intl.formatMessage({ id: 'home.premium_title' })}</strong>{' '}
            <FormattedMessage id="home.premium_body" />
          </p>
        </div>
      </section>
    </>
  );
}
