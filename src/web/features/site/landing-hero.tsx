import { useQuery } from '@tanstack/react-query';
import { ArrowRight, Users } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { TShowcaseResponse } from '../../../shared/contract/profiles.ts';
import { pathFor } from '../../../shared/routes.ts';
import { call } from '../../api/client.ts';
import { useUser } from '../../api/session.ts';
import { NextTask } from '../../components/after-first-paint.tsx';
import { MemberCard } from '../../components/member-card.tsx';
import { Link } from '../../components/route-link.tsx';
import { useSite } from '../../site-context.tsx';
import { signupAllowed } from '../accounts/shared.tsx';
import { openSignupModal } from '../accounts/signup-modal-store.ts';
import { SIGNUP_DONE } from '../accounts/signup-steps.ts';

/** From the md breakpoint of spec §9 on, the signup opens as a modal. */
const WIDE = '(min-width: 768px)';
/** Portraits in the hero's mosaic. */
const MOSAIC = 5;

export function useShowcase() {
  return useQuery({
    queryKey: ['showcase'],
    queryFn: () => call('GET /api/showcase'),
    staleTime: 60_000,
    retry: false,
  });
}

/** The hero's portraits: real members of the site, the first ones loaded early (they are the picture). */
function Mosaic({ showcase }: { showcase: TShowcaseResponse | undefined }) {
  const faces = (showcase?.members ?? []).filter((m) => m.thumb_url).slice(0, MOSAIC);
  return (
    <div
      aria-hidden
      className="grid h-56 grid-cols-[2fr_1fr_1fr] grid-rows-2 gap-2 sm:h-72 md:h-[26rem]"
      data-testid="hero-portraits"
    >
      {Array.from({ length: MOSAIC }, (_, i) => {
        const face = faces[i];
        return (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed tiles, filled when the members arrive
            key={i}
            className={`overflow-hidden rounded-2xl bg-white/10 ${i === 0 ? 'row-span-2' : ''}`}
          >
            {face?.thumb_url && (
              <img
                src={face.thumb_url}
                alt=""
                width={360}
                height={480}
                loading={i < 3 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : 'auto'}
                decoding="async"
                className="size-full object-cover"
              />
            )}
          </div>
        );
      })}
    </div>
  );
}

/**
 * The visitor's first screen (issue 11): real members' portraits, live member and online counts, what
 * the site is, and the two ways in. Every text sits on the solid dark brand colour, never on a photo,
 * so its contrast holds whatever the portraits show.
 */
export function LandingHero() {
  const { settings } = useSite();
  const intl = useIntl();
  const { user } = useUser();
  const showcase = useShowcase();
  const signup = pathFor('signup');
  const login = pathFor('login');
  const completeSignup = pathFor('complete-signup');
  const data = showcase.data;
  return (
    <section
      className="bg-[color-mix(in_oklab,var(--color-primary)_45%,black)] text-white"
      aria-labelledby="hero-title"
    >
      <div className="mx-auto grid max-w-6xl items-center gap-6 px-4 pb-10 pt-4 md:grid-cols-[1fr_1.1fr] md:gap-10 md:py-16">
        <div className="md:order-2">
          <Mosaic showcase={data} />
        </div>
        <div>
          <p
            className="inline-flex min-h-8 flex-wrap items-center gap-x-2 rounded-full bg-black/30 px-3 py-1 text-sm font-medium"
            data-testid="hero-counts"
          >
            <Users aria-hidden size={16} />
            {data ? (
              <>
                <FormattedMessage id="home.stat_members" values={{ count: data.member_count }} />
                {data.online_count > 0 && (
                  <>
                    <span aria-hidden>·</span>
                    <span className="inline-flex items-center gap-1.5">
                      <span aria-hidden className="size-2 rounded-full bg-emerald-400" />
                      <FormattedMessage id="home.stat_online" values={{ count: data.online_count }} />
                    </span>
                  </>
                )}
              </>
            ) : (
              <FormattedMessage id="home.people_label" values={{ site: settings.name }} />
            )}
          </p>
          <h1
            id="hero-title"
            className="mt-4 text-4xl font-extrabold leading-tight tracking-tight md:text-5xl"
          >
            <FormattedMessage id="home.title" values={{ site: settings.name }} />
          </h1>
          <p className="mt-4 max-w-xl text-lg text-white">
            <FormattedMessage id="home.subtitle" values={{ min_age: settings.min_age }} />
          </p>
          <div className="mt-7 flex flex-col gap-3 sm:flex-row">
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
                    className="btn border border-white px-7 text-base text-white hover:bg-white/10"
                  >
                    <FormattedMessage id="home.cta_login" />
                  </Link>
                )}
              </>
            )}
          </div>
        </div>
      </div>
      {data && data.members.length > 0 && (
        // Below the first screen on a phone: its own task, after the portraits and counts (P-01).
        <NextTask>
          <div className="bg-white pb-2 pt-8 text-ink">
            <div className="mx-auto max-w-6xl px-4">
              <div className="flex items-end justify-between gap-3">
                <h2 className="text-xl font-bold md:text-2xl" data-testid="online-strip-title">
                  {data.members[0]?.online
                    ? intl.formatMessage({ id: 'home.online_title' })
                    : intl.formatMessage({ id: 'home.recent_title' })}
                </h2>
                {pathFor('members') && (settings.logged_out_search || user) && (
                  <Link
                    to={pathFor('members') ?? '/'}
                    className="inline-flex min-h-11 items-center gap-1 font-semibold text-primary underline"
                  >
                    <FormattedMessage id="home.see_all" />
                    <ArrowRight aria-hidden size={16} />
                  </Link>
                )}
              </div>
              <ul
                className="-mx-4 mt-4 flex snap-x gap-3 overflow-x-auto px-4 pb-4 [scrollbar-width:thin]"
                data-testid="online-strip"
              >
                {data.members.map((m) => (
                  <li key={m.id} className="w-36 shrink-0 snap-start sm:w-44">
                    <MemberCard member={m} />
                  </li>
                ))}
              </ul>
            </div>
          </div>
        </NextTask>
      )}
    </section>
  );
}
