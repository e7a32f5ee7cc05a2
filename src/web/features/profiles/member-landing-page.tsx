import { useQuery } from '@tanstack/react-query';
import { Clock, MapPin, MessageCircleHeart, UserRound } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useMatches, useNavigate, useParams } from 'react-router';
import type { TMemberLanding } from '../../../shared/contract/profiles.ts';
import { pathFor, routePath } from '../../../shared/routes.ts';
import { call } from '../../api/client.ts';
import { useUser } from '../../api/session.ts';
import { FictionalBadge } from '../../components/fictional-icon.tsx';
import { MemberGrid, OnlineDot } from '../../components/member-card.tsx';
import { Redirect } from '../../components/redirect.tsx';
import { Link } from '../../components/route-link.tsx';
import { OfflineOr } from '../../offline/offline-state.tsx';
import { useSite } from '../../site-context.tsx';
import { countLanderEvent } from '../../tracking.ts';
import { usePageTitle } from '../../use-page-title.ts';
import { PageSkeleton, signupAllowed } from '../accounts/shared.tsx';
import { SignupFlow, SignupFrame } from '../accounts/signup-flow.tsx';
import { rememberSignupReason } from '../accounts/signup-reason.ts';
import { SIGNUP_DONE, SIGNUP_FINISHED_PATH } from '../accounts/signup-steps.ts';
import { useLanderVisit } from '../landers/kit.tsx';

type Shown = NonNullable<TMemberLanding['member']>;

function landingQuery(id: number, viewerId: number | null) {
  return {
    queryKey: ['member-landing', id, viewerId],
    queryFn: () => call('GET /api/members/:id/landing', { params: { id } }),
  } as const;
}

function useLanding() {
  const { id: raw } = useParams();
  const id = /^\d{1,10}$/.test(raw ?? '') ? Number(raw) : 0;
  const { user, isPending } = useUser();
  const landing = useQuery({ ...landingQuery(id, user?.id ?? null), enabled: !isPending && id > 0 });
  return { id, user, pending: isPending || (id > 0 && landing.isPending), landing: landing.data ?? null };
}

/** The one tap from a landing to the signup, with that member as its reason (L-08). */
function SignupCta({ member, className = '' }: { member: Shown | null; className?: string }) {
  const { settings } = useSite();
  if (!signupAllowed(settings)) return null;
  const to = member ? routePath('members-id-signup', { id: member.id }) : (pathFor('signup') ?? '/');
  return (
    <div className={className}>
      <Link
        to={to}
        className="btn btn-secondary w-full px-8 text-lg sm:w-auto"
        data-testid="landing-cta"
        onClick={() => countLanderEvent('member', 'start')}
      >
        <MessageCircleHeart aria-hidden size={22} />
        {member ? (
          <FormattedMessage id="landing.send_message" values={{ name: member.name }} />
        ) : (
          <FormattedMessage id="home.cta_signup" />
        )}
      </Link>
      <p className="mt-2 text-sm text-muted">
        <FormattedMessage id="landing.free_signup" />
      </p>
    </div>
  );
}

function Status({ member, className = '' }: { member: Shown; className?: string }) {
  return (
    <span className={`inline-flex items-center gap-1.5 text-sm font-medium ${className}`}>
      {member.online ? <OnlineDot /> : <Clock aria-hidden size={14} />}
      <FormattedMessage id={member.online ? 'landing.online_now' : 'landing.recently_active'} />
    </span>
  );
}

function Place({ member }: { member: Shown }) {
  const place = [member.city, member.region].filter(Boolean).join(', ');
  if (!place) return null;
  return (
    <span className="inline-flex items-center gap-1">
      <MapPin aria-hidden size={15} className="shrink-0" />
      {place}
    </span>
  );
}

/** The member's photo, or a calm placeholder; the page's largest paint, so fetched first. */
function Portrait({
  member,
  className,
  badge = true,
}: {
  member: Shown;
  className: string;
  badge?: boolean;
}) {
  const intl = useIntl();
  return (
    <div className={`relative overflow-hidden bg-gradient-to-br from-primary-soft to-surface ${className}`}>
      {member.photo ? (
        <img
          src={member.photo.url}
          alt={intl.formatMessage({ id: 'landing.photo_alt' }, { name: member.name })}
          width={member.photo.width}
          height={member.photo.height}
          fetchPriority="high"
          decoding="async"
          className="absolute inset-0 size-full object-cover"
        />
      ) : (
        <span className="absolute inset-0 flex flex-col items-center justify-center gap-2 text-primary/60">
          <UserRound aria-hidden size={72} />
          <span className="text-sm">
            <FormattedMessage id="landing.no_photo" />
          </span>
        </span>
      )}
      {badge && member.fictional && <FictionalBadge large />}
    </div>
  );
}

function About({ member }: { member: Shown }) {
  if (!member.about_line) return null;
  return (
    <blockquote className="mt-4 border-l-4 border-secondary pl-4 text-lg leading-relaxed text-ink">
      {member.about_line}
    </blockquote>
  );
}

function Others({ title, members }: { title: ReactNode; members: TMemberLanding['others'] }) {
  const intl = useIntl();
  if (members.length === 0) return null;
  return (
    <section className="mt-10" aria-labelledby="landing-others">
      <h2 id="landing-others" className="mb-4 text-xl font-bold">
        {title}
      </h2>
      <MemberGrid members={members} label={intl.formatMessage({ id: 'landing.fallback_title' })} />
    </section>
  );
}

/** landing: the member's portrait beside their name, first line and the one button. */
function ProfileDesign({ member, others }: { member: Shown; others: TMemberLanding['others'] }) {
  return (
    <>
      <section className="grid items-center gap-6 md:grid-cols-2 md:gap-10">
        <Portrait member={member} className="aspect-[4/5] rounded-3xl shadow-lg" />
        <div>
          <Status member={member} className="text-primary-strong" />
          <h1 className="mt-1 text-3xl font-extrabold tracking-tight sm:text-4xl">
            {member.name}, {member.age}
          </h1>
          <p className="mt-1 text-muted">
            <Place member={member} />
          </p>
          <About member={member} />
          <SignupCta member={member} className="mt-6" />
        </div>
      </section>
      <Others
        title={<FormattedMessage id="landing.more_like" values={{ name: member.name }} />}
        members={others}
      />
    </>
  );
}

/** landing2: a round portrait, the button, and what happens after the tap in three steps. */
function StepsDesign({ member, others }: { member: Shown; others: TMemberLanding['others'] }) {
  return (
    <>
      <section className="mx-auto max-w-xl rounded-3xl border border-line bg-white p-6 text-center shadow-sm sm:p-10">
        <Portrait
          member={member}
          className="mx-auto size-40 rounded-full ring-4 ring-secondary-soft sm:size-48"
        />
        <h1 className="mt-4 text-3xl font-extrabold tracking-tight">
          {member.name}, {member.age}
        </h1>
        <p className="mt-1 flex flex-wrap items-center justify-center gap-x-4 gap-y-1 text-muted">
          <Place member={member} />
          <Status member={member} />
        </p>
        <About member={member} />
        <SignupCta member={member} className="mt-6" />
        <h2 className="mt-8 text-left text-lg font-bold">
          <FormattedMessage id="landing.how_title" />
        </h2>
        <ol className="mt-3 space-y-3 text-left">
          {(['landing.how_1', 'landing.how_2', 'landing.how_3'] as const).map((id, i) => (
            <li key={id} className="flex items-center gap-3">
              <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-primary font-bold text-white">
                {i + 1}
              </span>
              <FormattedMessage id={id} values={{ name: member.name }} />
            </li>
          ))}
        </ol>
      </section>
      <Others
        title={<FormattedMessage id="landing.more_like" values={{ name: member.name }} />}
        members={others.slice(0, 4)}
      />
    </>
  );
}

/** landing3: the member large in a collage of others from the same market, then the button. */
function CollageDesign({ member, others }: { member: Shown; others: TMemberLanding['others'] }) {
  const intl = useIntl();
  const place = member.city ?? member.region;
  const around = others.filter((o) => o.thumb_url).slice(0, 4);
  return (
    <section>
      <h1 className="text-center text-3xl font-extrabold tracking-tight sm:text-4xl">
        {place ? (
          <FormattedMessage id="landing.collage_title" values={{ name: member.name, place }} />
        ) : (
          <FormattedMessage id="landing.collage_title_near" values={{ name: member.name }} />
        )}
      </h1>
      <div className="mt-6 grid grid-cols-2 gap-2 sm:grid-cols-4 sm:gap-3">
        <div className="relative col-span-2 row-span-2">
          <Portrait member={member} className="aspect-square rounded-2xl" />
          <span className="absolute inset-x-0 bottom-0 rounded-b-2xl bg-gradient-to-t from-black/80 to-transparent px-4 pb-3 pt-10 text-white">
            <span className="block text-xl font-bold">
              {member.name}, {member.age}
            </span>
            <Status member={member} />
          </span>
        </div>
        {around.map((o) => (
          <Link
            key={o.id}
            to={routePath('members-id', { id: o.id })}
            className="relative block aspect-square overflow-hidden rounded-2xl bg-surface"
          >
            <img
              src={o.thumb_url ?? ''}
              alt={intl.formatMessage({ id: 'landing.photo_alt' }, { name: o.name })}
              loading="lazy"
              decoding="async"
              className="absolute inset-0 size-full object-cover"
            />
            <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/70 to-transparent px-2 pb-1.5 pt-6 text-sm font-semibold text-white">
              {o.name}, {o.age}
            </span>
          </Link>
        ))}
      </div>
      <div className="mx-auto mt-6 max-w-xl text-center">
        <About member={member} />
        <SignupCta member={member} className="mt-6" />
      </div>
    </section>
  );
}

/** The member cannot be shown: others instead, never a 404 for a paid click (L-08). */
function Fallback({ others }: { others: TMemberLanding['others'] }) {
  return (
    <section>
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">
        <FormattedMessage id="landing.fallback_title" />
      </h1>
      <p className="mt-2 text-muted">
        <FormattedMessage id="landing.fallback_intro" />
      </p>
      <SignupCta member={null} className="mt-6" />
      <div className="mt-8">
        <MemberGrid members={others} />
      </div>
    </section>
  );
}

/**
 * /members/{id}/landing, /landing2/{slug?} and /landing3/{slug?} (L-08, issue 25): three designs around
 * one member for paid traffic, each one tap from the signup with that member as its reason. Members go
 * to the member's profile instead.
 */
export function MemberLandingPage() {
  const intl = useIntl();
  const { settings } = useSite();
  const design = useMatches().at(-1)?.id;
  const { id, user, pending, landing } = useLanding();
  const member = landing?.member ?? null;
  useLanderVisit('member');
  usePageTitle(
    member
      ? intl.formatMessage({ id: 'landing.page_title' }, { name: member.name, site: settings.name })
      : intl.formatMessage({ id: 'landing.fallback_title' }),
  );
  if (pending)
    return (
      <OfflineOr>
        <PageSkeleton />
      </OfflineOr>
    );
  if (user && user.signup_step >= SIGNUP_DONE) {
    return <Redirect to={member ? routePath('members-id', { id }) : (pathFor('members') ?? '/')} />;
  }
  const others = landing?.others ?? [];
  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:py-10" data-testid="member-landing" data-design={design}>
      {!member ? (
        <Fallback others={others} />
      ) : design === 'members-id-landing2-slug' ? (
        <StepsDesign member={member} others={others} />
      ) : design === 'members-id-landing3-slug' ? (
        <CollageDesign member={member} others={others} />
      ) : (
        <ProfileDesign member={member} others={others} />
      )}
    </div>
  );
}

/**
 * /members/{id}/signup (L-08): the signup with that member as its reason. When it is done (and after
 * activation in this browser) the new member lands in a chat with them, a first message drafted.
 */
export function MemberSignupPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { id, user, pending, landing } = useLanding();
  const member = landing?.member ?? null;
  usePageTitle(
    member
      ? intl.formatMessage({ id: 'landing.signup_title' }, { name: member.name })
      : intl.formatMessage({ id: 'landing.signup_title_generic' }),
  );
  const draft = member ? intl.formatMessage({ id: 'landing.draft' }, { name: member.name }) : null;
  useEffect(() => {
    if (member && draft) rememberSignupReason(member.id, draft);
  }, [member, draft]);
  const chat = member ? routePath('members-id-chat', { id: member.id }) : null;
  // A chat opens once the e-mail address is confirmed: until then the first matches, with the reminder;
  // the activation link then leads to the chat (activate-done reads the reason).
  const confirmed = user?.status === 'confirmed';
  const finished = useCallback(
    () => navigate(confirmed && chat ? chat : SIGNUP_FINISHED_PATH),
    [navigate, chat, confirmed],
  );

  // A member who had finished signing up before opening this page goes on to the chat (or the profile
  // until their address is confirmed); one who finishes here is sent on by `finished`.
  const openedDone = useRef<boolean | null>(null);
  if (!pending && openedDone.current === null) openedDone.current = !!user && user.signup_step >= SIGNUP_DONE;
  if (pending)
    return (
      <OfflineOr>
        <PageSkeleton />
      </OfflineOr>
    );
  if (openedDone.current) {
    return <Redirect to={confirmed && chat ? chat : routePath('members-id', { id })} />;
  }
  return (
    <SignupFrame
      title={
        member ? (
          <FormattedMessage id="landing.signup_title" values={{ name: member.name }} />
        ) : (
          <FormattedMessage id="landing.signup_title_generic" />
        )
      }
      intro={
        member ? (
          <FormattedMessage id="landing.signup_intro" values={{ name: member.name }} />
        ) : (
          <FormattedMessage id="signup.subtitle" />
        )
      }
    >
      {member && (
        <div className="mb-5 flex items-center gap-3 rounded-2xl bg-surface p-3" data-testid="signup-reason">
          <Portrait member={member} badge={false} className="size-14 shrink-0 rounded-full" />
          <div className="min-w-0">
            <p className="truncate font-bold">
              {member.name}, {member.age}
            </p>
            <p className="truncate text-sm text-muted">
              <Place member={member} />
            </p>
          </div>
        </div>
      )}
      <SignupFlow onFinished={finished} />
    </SignupFrame>
  );
}
