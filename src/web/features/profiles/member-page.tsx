import {
  ArrowLeft,
  Ban,
  Camera,
  Crown,
  Flag,
  Heart,
  Lock,
  MapPin,
  Navigation,
  PencilLine,
  Search,
  ShieldCheck,
  UserRound,
  UserX,
} from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useParams } from 'react-router';
import type { TUser } from '../../../shared/contract/accounts.ts';
// The constants module, not the contract: that would build all of its zod schemas on the first page.
import { ATTRIBUTE_FIELDS } from '../../../shared/contract/constants.ts';
import type { TMemberCard, TMemberPhoto, TMemberProfile } from '../../../shared/contract/profiles.ts';
import { pathFor } from '../../../shared/routes.ts';
import { ApiError } from '../../api/client.ts';
import { errorText } from '../../api/error-text.ts';
import { useLike } from '../../api/likes.ts';
import { useBlock, useMember } from '../../api/profiles.ts';
import { useUser } from '../../api/session.ts';
import { NextTask } from '../../components/after-first-paint.tsx';
import { FictionalIcon } from '../../components/fictional-icon.tsx';
import { FormAlert } from '../../components/form.tsx';
import { JoinCta } from '../../components/join-cta.tsx';
import { MemberCard, MemberCardSkeleton } from '../../components/member-card.tsx';
import { Modal } from '../../components/modal.tsx';
import { Link } from '../../components/route-link.tsx';
import { OfflineOr } from '../../offline/offline-state.tsx';
import { useSite } from '../../site-context.tsx';
import { usePageTitle } from '../../use-page-title.ts';
import { loginPath } from '../accounts/redirect.ts';
import { signupAllowed } from '../accounts/shared.tsx';
import { likeAfterSignup } from '../accounts/signup-modal-store.ts';
import { ProfileChatActions } from '../chat/profile-actions.tsx';
import { ErrorView } from '../site/error-page.tsx';
import { InterestList } from './interests.tsx';

// The full-screen photo viewer and its dialog code load when a photo is first opened.
const PhotoViewer = lazy(() => import('./photo-viewer.tsx'));

/** Labels of the details list; about.* where the signup's wording also fits someone else's profile. */
const DETAIL_LABELS: Record<string, string> = {
  gender: 'member.gender',
  sexuality: 'about.sexuality',
  relationship_status: 'about.relationship_status',
  signup_reason: 'member.signup_reason',
  hair_colour: 'about.hair_colour',
  eye_colour: 'about.eye_colour',
  body_type: 'about.body_type',
  tattoos: 'about.tattoos',
};

function Gallery({ profile, viewer }: { profile: TMemberProfile; viewer: TUser | null }) {
  const intl = useIntl();
  const [selected, setSelected] = useState(0);
  const [viewing, setViewing] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const photos = profile.photos;
  const current: TMemberPhoto | undefined = photos[selected] ?? photos[0];
  const alt = intl.formatMessage({ id: 'profile.photo_of' }, { name: profile.name });
  const premium = pathFor('premium');
  const showStrip = photos.length > 1 || profile.photos_locked > 0;
  return (
    <div>
      <div className="relative aspect-[3/4] overflow-hidden rounded-3xl bg-surface shadow-sm ring-1 ring-black/5">
        {current ? (
          <button
            ref={opener}
            type="button"
            className="block size-full cursor-zoom-in"
            onClick={() => setViewing(true)}
            aria-label={intl.formatMessage(
              { id: 'member.gallery_open' },
              { position: selected + 1, total: photos.length },
            )}
            aria-haspopup="dialog"
          >
            <img
              key={current.id}
              src={current.url}
              alt={alt}
              width={current.width}
              height={current.height}
              fetchPriority="high"
              className="size-full object-cover"
              data-testid="member-main-photo"
            />
          </button>
        ) : (
          <span className="flex size-full items-center justify-center bg-gradient-to-br from-primary-soft to-surface">
            <UserRound aria-hidden size={96} className="text-primary/40" />
          </span>
        )}
        {profile.photo_count > 0 && (
          <span
            className="absolute bottom-3 right-3 inline-flex items-center gap-1.5 rounded-full bg-black/65 px-3 py-1 text-sm font-semibold text-white"
            data-testid="photo-count"
          >
            <Camera aria-hidden size={16} />
            <FormattedMessage id="member.photo_count" values={{ count: profile.photo_count }} />
          </span>
        )}
      </div>
      {viewing && photos.length > 0 && (
        <Suspense fallback={null}>
          <PhotoViewer
            photos={photos}
            start={Math.min(selected, photos.length - 1)}
            name={profile.name}
            onClose={(index) => {
              setSelected(index);
              setViewing(false);
              // Back to the photo that opened it, now showing where the member stopped.
              requestAnimationFrame(() => opener.current?.focus());
            }}
          />
        </Suspense>
      )}
      {showStrip && (
        <ul className="mt-3 grid grid-cols-4 gap-2" aria-label={intl.formatMessage({ id: 'member.photos' })}>
          {photos.map((photo, i) => (
            <li key={photo.id}>
              <button
                type="button"
                onClick={() => setSelected(i)}
                aria-pressed={photo === current}
                aria-label={intl.formatMessage(
                  { id: 'member.show_photo' },
                  { position: i + 1, total: profile.photo_count },
                )}
                className="block aspect-[3/4] w-full overflow-hidden rounded-xl ring-offset-2 transition-opacity hover:opacity-90 aria-pressed:ring-3 aria-pressed:ring-primary"
              >
                <img
                  src={photo.thumb_url}
                  alt=""
                  width={360}
                  height={480}
                  loading="lazy"
                  className="size-full object-cover"
                />
              </button>
            </li>
          ))}
          {profile.photos_locked > 0 && (
            <li>
              <div
                className="flex aspect-[3/4] w-full flex-col items-center justify-center gap-1 rounded-xl bg-ink text-white"
                data-testid="photos-locked"
              >
                <Lock aria-hidden size={20} />
                <span className="text-lg font-bold">+{profile.photos_locked}</span>
                <span className="sr-only">
                  <FormattedMessage id="member.photos_locked" values={{ count: profile.photos_locked }} />
                </span>
              </div>
            </li>
          )}
        </ul>
      )}
      {profile.photos_locked > 0 && (
        <p className="mt-3 flex items-start gap-2 text-[15px] text-muted">
          {viewer ? (
            <>
              <Crown aria-hidden size={18} className="mt-0.5 shrink-0 text-secondary" />
              <span>
                <FormattedMessage id="member.locked_premium" values={{ count: profile.photos_locked }} />{' '}
                {premium && (
                  <Link to={premium} className="font-semibold text-ink underline">
                    <FormattedMessage id="myphotos.go_premium" />
                  </Link>
                )}
              </span>
            </>
          ) : (
            <>
              <Lock aria-hidden size={18} className="mt-0.5 shrink-0" />
              <FormattedMessage id="member.locked_visitor" values={{ count: profile.photos_locked }} />
            </>
          )}
        </p>
      )}
    </div>
  );
}

/**
 * Like or unlike (M-05): one toggle button that says "Geliked" once liked (issue 11; aria-pressed tells the
 * state too), and
 * a line saying where the two stand: you like them, they like you, or a match. Visitors log in first.
 */
function LikeButton({ profile, viewer }: { profile: TMemberProfile; viewer: TUser | null }) {
  const intl = useIntl();
  const location = useLocation();
  const like = useLike(profile.id);
  const { settings } = useSite();
  const heart = 'transition-transform group-active:scale-125';
  if (!viewer) {
    const login = pathFor('login');
    // A visitor's like opens the signup sheet, which sends the like once the account exists (issue 11).
    if (pathFor('signup') && signupAllowed(settings))
      return (
        <button
          type="button"
          className="btn btn-primary group px-6"
          onClick={() => likeAfterSignup({ id: profile.id, name: profile.name })}
          data-testid="like-signup"
        >
          <Heart aria-hidden size={20} className={heart} />
          <FormattedMessage id="member.like" />
        </button>
      );
    if (!login) return null;
    return (
      <Link
        to={loginPath(`${location.pathname}${location.search}`)}
        className="btn btn-primary group px-6"
        data-testid="like-login"
      >
        <Heart aria-hidden size={20} className={heart} />
        <FormattedMessage id="member.like" />
      </Link>
    );
  }
  const liked = profile.liked_by_me;
  const note = liked
    ? profile.likes_me
      ? 'member.match'
      : 'member.liked_note'
    : profile.likes_me
      ? 'member.likes_you'
      : null;
  return (
    <div className="flex flex-col items-start gap-3">
      <button
        type="button"
        aria-pressed={liked}
        className={`btn group px-6 ${liked ? 'btn-secondary' : 'btn-primary'}`}
        disabled={like.isPending}
        onClick={() => like.mutate(!liked)}
        data-testid="like-button"
      >
        <Heart aria-hidden size={20} className={heart} fill={liked ? 'currentColor' : 'none'} />
        <FormattedMessage id={liked ? 'member.liked' : 'member.like'} />
      </button>
      <p role="status" className="text-[15px] font-medium empty:hidden" data-testid="like-note">
        {note && <FormattedMessage id={note} values={{ name: profile.name }} />}
      </p>
      {like.isError && <FormAlert>{errorText(like.error, intl)}</FormAlert>}
    </div>
  );
}

/** "Profiel melden" (L-09): the complaints form, about this member. */
function ReportLink({ profile }: { profile: TMemberProfile }) {
  const complaints = pathFor('complaints');
  if (!complaints) return null;
  return (
    <Link to={`${complaints}?member=${profile.id}`} className="btn btn-ghost text-[15px]">
      <Flag aria-hidden size={18} />
      <FormattedMessage id="complaints.report_profile" />
    </Link>
  );
}

function BlockButton({ profile }: { profile: TMemberProfile }) {
  const intl = useIntl();
  const block = useBlock(profile.id);
  const [open, setOpen] = useState(false);
  const blocked = profile.blocked_by_me;
  return (
    <>
      <button type="button" className="btn btn-ghost text-[15px]" onClick={() => setOpen(true)}>
        {blocked ? <ShieldCheck aria-hidden size={18} /> : <Ban aria-hidden size={18} />}
        {blocked ? (
          <FormattedMessage id="member.unblock" values={{ name: profile.name }} />
        ) : (
          <FormattedMessage id="member.block" values={{ name: profile.name }} />
        )}
      </button>
      <Modal
        open={open}
        onOpenChange={(o) => {
          setOpen(o);
          if (!o) block.reset();
        }}
        title={
          <FormattedMessage
            id={blocked ? 'member.unblock_title' : 'member.block_title'}
            values={{ name: profile.name }}
          />
        }
        description={
          <FormattedMessage
            id={blocked ? 'member.unblock_body' : 'member.block_body'}
            values={{ name: profile.name }}
          />
        }
        size="sm"
      >
        {block.isError && (
          <div className="mb-3">
            <FormAlert>{errorText(block.error, intl)}</FormAlert>
          </div>
        )}
        <div className="flex flex-col gap-2">
          <button
            type="button"
            className={blocked ? 'btn btn-primary' : 'btn btn-danger'}
            disabled={block.isPending}
            onClick={() => block.mutate(!blocked, { onSuccess: () => setOpen(false) })}
          >
            {blocked ? (
              <FormattedMessage id="member.unblock_confirm" />
            ) : (
              <FormattedMessage id="member.block_confirm" />
            )}
          </button>
          <button type="button" className="btn btn-ghost" onClick={() => setOpen(false)}>
            <FormattedMessage id="common.cancel" />
          </button>
        </div>
      </Modal>
    </>
  );
}

function Details({ profile }: { profile: TMemberProfile }) {
  const { settings } = useSite();
  const visible = new Set(settings.visible_profile_fields);
  const rows: [string, string][] = [];
  if (profile.gender && visible.has('gender')) rows.push(['gender', `gender.${profile.gender}`]);
  for (const field of ATTRIBUTE_FIELDS) {
    const value = profile[field];
    if (value !== null) rows.push([field, `${field}.${value}`]);
  }
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="member-details">
      <h2 id="member-details" className="text-lg font-bold">
        <FormattedMessage id="member.details" />
      </h2>
      <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
        {rows.map(([field, valueId]) => (
          <div key={field} className="rounded-2xl bg-surface px-4 py-3">
            <dt className="text-sm text-muted">
              <FormattedMessage id={DETAIL_LABELS[field] ?? `about.${field}`} />
            </dt>
            <dd className="font-semibold">
              <FormattedMessage id={valueId} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Related({ name, members }: { name: string; members: TMemberCard[] }) {
  if (members.length === 0) return null;
  return (
    <section aria-labelledby="member-related" className="mt-12">
      <h2 id="member-related" className="text-xl font-bold">
        <FormattedMessage id="member.related" values={{ name }} />
      </h2>
      <ul className="-mx-4 mt-4 flex snap-x gap-3 overflow-x-auto px-4 pb-2 sm:mx-0 sm:grid sm:grid-cols-3 sm:overflow-visible sm:px-0 md:grid-cols-6">
        {members.map((m) => (
          <li key={m.id} className="w-36 shrink-0 snap-start sm:w-auto">
            <MemberCard member={m} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function Profile({
  profile,
  related,
  viewer,
}: {
  profile: TMemberProfile;
  related: TMemberCard[];
  viewer: TUser | null;
}) {
  const intl = useIntl();
  const { settings } = useSite();
  const place = [profile.city, profile.region].filter(Boolean).join(', ');
  const showAbout = settings.visible_profile_notes.includes('about_me') && profile.about.trim() !== '';
  const showInterests = settings.visible_profile_fields.includes('interests') && profile.interests.length > 0;
  const editProfile = pathFor('profile');
  const activity = profile.online
    ? null
    : profile.last_active === 'longer'
      ? null
      : `member.active_${profile.last_active}`;

  return (
    <>
      {/* Phones: name, then photo, then the rest; wide screens: the photo beside name and rest. */}
      <div className="grid gap-x-10 gap-y-6 [grid-template-areas:'header'_'gallery'_'body'] md:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] md:grid-rows-[auto_1fr] md:[grid-template-areas:'gallery_header'_'gallery_body']">
        <header className="min-w-0 [grid-area:header]">
          <h1 className="flex items-center gap-3 text-3xl font-extrabold tracking-tight sm:text-4xl">
            <span className="min-w-0 break-words">
              {profile.name}, {profile.age}
            </span>
            {profile.fictional && (
              <span title={settings.fictional_singular} className="inline-flex text-secondary">
                <FictionalIcon size={26} />
                <span className="sr-only">{settings.fictional_singular}</span>
              </span>
            )}
          </h1>
          <ul className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-[15px] text-muted">
            {profile.online && (
              <li className="inline-flex items-center gap-2 font-semibold text-emerald-700">
                <span aria-hidden className="size-2.5 rounded-full bg-emerald-500" />
                <FormattedMessage id="member.online_now" />
              </li>
            )}
            {activity && (
              <li>
                <FormattedMessage id={activity} />
              </li>
            )}
            {place && (
              <li className="inline-flex items-center gap-1.5">
                <MapPin aria-hidden size={16} />
                {place}
              </li>
            )}
            {profile.distance && (
              <li className="inline-flex items-center gap-1.5" data-testid="distance">
                <Navigation aria-hidden size={15} />
                <span className="sr-only">
                  <FormattedMessage id="member.distance_label" />
                </span>
                <FormattedMessage
                  id={profile.distance.less_than ? 'member.distance_less' : 'member.distance'}
                  values={{ km: intl.formatNumber(profile.distance.km, { maximumFractionDigits: 0 }) }}
                />
              </li>
            )}
          </ul>
          {!profile.is_me && !profile.blocked_by_me && (
            <div className="mt-5 space-y-3">
              <LikeButton profile={profile} viewer={viewer} />
              <ProfileChatActions member={profile} loggedIn={viewer !== null} />
            </div>
          )}
        </header>
        <div className="[grid-area:gallery]">
          <Gallery profile={profile} viewer={viewer} />
        </div>
        <div className="min-w-0 space-y-6 [grid-area:body]">
          {profile.fictional && (
            <div
              className="flex items-start gap-3 rounded-2xl border border-secondary/40 bg-secondary-soft p-4 text-on-secondary"
              data-testid="fictional-warning"
            >
              <FictionalIcon size={22} className="mt-0.5 shrink-0" />
              <p className="text-[15px]">{settings.fictional_warning}</p>
            </div>
          )}

          {profile.is_me && (
            <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-primary-soft p-4">
              <p className="font-medium text-primary-strong">
                <FormattedMessage id="member.is_me" />
              </p>
              {editProfile && (
                <Link to={editProfile} className="btn btn-primary">
                  <PencilLine aria-hidden size={18} />
                  <FormattedMessage id="member.edit_own" />
                </Link>
              )}
            </div>
          )}

          {profile.blocked_by_me && (
            <p
              role="status"
              className="flex items-center gap-2 rounded-2xl bg-surface p-4 font-medium"
              data-testid="blocked-note"
            >
              <Ban aria-hidden size={18} className="text-danger" />
              <FormattedMessage id="member.blocked_note" values={{ name: profile.name }} />
            </p>
          )}

          {showAbout && (
            <section aria-labelledby="member-about">
              <h2 id="member-about" className="text-lg font-bold">
                <FormattedMessage id="member.about" values={{ name: profile.name }} />
              </h2>
              <p className="mt-2 whitespace-pre-line break-words text-[17px] leading-relaxed">
                {profile.about}
              </p>
            </section>
          )}

          {/* Further down: drawn one task after the header, photos and about text, so the profile's first
              paint comes sooner (P-01). */}
          <NextTask>
            {showInterests && (
              <section aria-labelledby="member-interests">
                <h2 id="member-interests" className="text-lg font-bold">
                  <FormattedMessage id="myprofile.interests" />
                </h2>
                <div className="mt-3">
                  <InterestList
                    ids={profile.interests}
                    label={intl.formatMessage({ id: 'myprofile.interests' })}
                  />
                </div>
              </section>
            )}

            <Details profile={profile} />

            {!viewer && (
              <JoinCta
                testId="visitor-cta"
                title={<FormattedMessage id="member.join_title" values={{ name: profile.name }} />}
                body={<FormattedMessage id="member.join_body" />}
              />
            )}

            {!profile.is_me && (
              <div className="flex flex-wrap gap-2 border-t border-line pt-5">
                {viewer && <BlockButton profile={profile} />}
                <ReportLink profile={profile} />
              </div>
            )}
          </NextTask>
        </div>
      </div>
      {!profile.is_me && (
        // At the foot of the page: a task of its own after the profile itself is drawn (P-01).
        <NextTask>
          <Related name={profile.name} members={related} />
        </NextTask>
      )}
    </>
  );
}

function ProfileSkeleton() {
  return (
    <div className="grid gap-8 md:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] md:gap-10" aria-busy="true">
      <div className="aspect-[3/4] animate-pulse rounded-3xl bg-surface" />
      <div className="animate-pulse space-y-4">
        <div className="h-10 w-2/3 rounded-xl bg-surface" />
        <div className="h-5 w-1/2 rounded-full bg-surface" />
        <div className="h-28 rounded-2xl bg-surface" />
        <div className="grid grid-cols-3 gap-3 pt-6">
          <MemberCardSkeleton />
          <MemberCardSkeleton />
          <MemberCardSkeleton />
        </div>
      </div>
    </div>
  );
}

/** A member who does not exist (any more): say so kindly and offer the search (M-05, issue 11). */
function MemberNotFound() {
  const search = pathFor('members');
  return (
    <div
      className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center"
      data-testid="member-not-found"
    >
      <UserX aria-hidden size={48} className="text-primary" />
      <h1 className="mt-4 text-2xl font-bold">
        <FormattedMessage id="member.not_found_title" />
      </h1>
      <p className="mt-3 text-muted">
        <FormattedMessage id="member.not_found_body" />
      </p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        {search && (
          <Link to={search} className="btn btn-primary">
            <Search aria-hidden size={18} />
            <FormattedMessage id="member.not_found_search" />
          </Link>
        )}
        <Link to="/" className="btn btn-ghost">
          <FormattedMessage id="error.home" />
        </Link>
      </div>
    </div>
  );
}

/** /members/:id (M-05, M-06, M-08, M-10): a member's profile page; 404 when it cannot be shown. */
export function MemberPage() {
  const intl = useIntl();
  const params = useParams();
  const id = /^\d{1,10}$/.test(params.id ?? '') ? Number(params.id) : Number.NaN;
  const { user, isPending: userPending } = useUser();
  const member = useMember(id, user?.id ?? null, !userPending);
  const search = pathFor('members');
  const notFound =
    Number.isNaN(id) || id < 1 || (member.error instanceof ApiError && member.error.status === 404);
  const data = member.data?.profile;
  usePageTitle(
    notFound
      ? intl.formatMessage({ id: 'error.page_not_found' })
      : data
        ? `${data.name}, ${data.age}`
        : intl.formatMessage({ id: 'member.title' }),
  );

  if (notFound) return <MemberNotFound />;
  if (member.isError) {
    const status = member.error instanceof ApiError ? member.error.status : 500;
    return <ErrorView status={status} message={errorText(member.error, intl)} />;
  }
  return (
    <div className="mx-auto max-w-6xl px-4 py-5 sm:py-8">
      {search && (
        <Link
          to={search}
          className="mb-4 inline-flex min-h-11 items-center gap-2 rounded-full pr-3 text-[15px] font-semibold text-muted hover:text-ink"
        >
          <ArrowLeft aria-hidden size={18} />
          <FormattedMessage id="member.back_to_search" />
        </Link>
      )}
      {member.isPending || userPending || !member.data ? (
        <OfflineOr>
          <ProfileSkeleton />
        </OfflineOr>
      ) : (
        <Profile
          key={member.data.profile.id}
          profile={member.data.profile}
          related={member.data.related}
          viewer={user}
        />
      )}
    </div>
  );
}
