import { Heart } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import type { TUser } from '../../../shared/contract/accounts.ts';
import type { TMemberProfile } from '../../../shared/contract/profiles.ts';
import { pathFor } from '../../../shared/routes.ts';
import { errorText } from '../../api/error-text.ts';
import { useLike } from '../../api/likes.ts';
import { FormAlert } from '../../components/form.tsx';
import { Link } from '../../components/route-link.tsx';
import { useSite } from '../../site-context.tsx';
import { loginPath } from '../accounts/redirect.ts';
import { signupAllowed } from '../accounts/shared.tsx';
import { likeAfterSignup } from '../accounts/signup-modal-store.ts';
import { ProfileChatActions } from '../chat/profile-actions.tsx';

const heart = 'shrink-0 transition-transform group-active:scale-125';
// Phones: a round heart in the bar, its words for screen readers; wider: the words beside it.
const likeClass = 'btn group px-6 max-md:w-12 max-md:px-0';

/**
 * The button's words, as wide as the wider of "like" and "liked" in every language: the other one stands
 * invisible in the same cell, so a like changes no width (issue 27).
 */
function LikeLabel({ liked }: { liked: boolean }) {
  return (
    <span className="grid max-md:sr-only">
      <span className="[grid-area:1/1]">
        <FormattedMessage id={liked ? 'member.liked' : 'member.like'} />
      </span>
      <span className="invisible [grid-area:1/1]" aria-hidden>
        <FormattedMessage id={liked ? 'member.like' : 'member.liked'} />
      </span>
    </span>
  );
}

/**
 * Like or unlike (M-05): one toggle button that says "Geliked" once liked (issue 11; aria-pressed tells the
 * state too). It sits in a column of the action bar that does not depend on its words, so a like moves
 * nothing (issue 27). Visitors sign up (or log in) first.
 */
function LikeButton({ profile, viewer }: { profile: TMemberProfile; viewer: TUser | null }) {
  const intl = useIntl();
  const location = useLocation();
  const like = useLike(profile.id);
  const { settings } = useSite();
  if (!viewer) {
    const login = pathFor('login');
    // A visitor's like opens the signup sheet, which sends the like once the account exists (issue 11).
    if (pathFor('signup') && signupAllowed(settings))
      return (
        <button
          type="button"
          className={`${likeClass} btn-primary`}
          onClick={() => likeAfterSignup({ id: profile.id, name: profile.name })}
          data-testid="like-signup"
        >
          <Heart aria-hidden size={20} className={heart} />
          <LikeLabel liked={false} />
        </button>
      );
    if (!login) return null;
    return (
      <Link
        to={loginPath(`${location.pathname}${location.search}`)}
        className={`${likeClass} btn-primary`}
        data-testid="like-login"
      >
        <Heart aria-hidden size={20} className={heart} />
        <LikeLabel liked={false} />
      </Link>
    );
  }
  const liked = profile.liked_by_me;
  return (
    <>
      <button
        type="button"
        aria-pressed={liked}
        className={`${likeClass} ${liked ? 'btn-secondary' : 'btn-primary'}`}
        disabled={like.isPending}
        onClick={() => like.mutate(!liked)}
        data-testid="like-button"
      >
        <Heart aria-hidden size={20} className={heart} fill={liked ? 'currentColor' : 'none'} />
        <LikeLabel liked={liked} />
      </button>
      {like.isError && (
        <div className="order-first col-span-full">
          <FormAlert>{errorText(like.error, intl)}</FormAlert>
        </div>
      )}
    </>
  );
}

/**
 * Where the two stand (M-05, D-03): you like them, they like you, or a match. A chip on the photo, beside
 * the name: it appears without pushing anything (issue 27), and its status role reads it out.
 */
export function LikeNote({ profile, viewer }: { profile: TMemberProfile; viewer: TUser | null }) {
  const note = !viewer
    ? null
    : profile.liked_by_me
      ? profile.likes_me
        ? 'member.match'
        : 'member.liked_note'
      : profile.likes_me
        ? 'member.likes_you'
        : null;
  return (
    <p
      role="status"
      className="mb-2 w-fit rounded-full bg-white px-3 py-1 text-[14px] font-semibold text-ink shadow-sm empty:hidden"
      data-testid="like-note"
    >
      {note && <FormattedMessage id={note} values={{ name: profile.name }} />}
    </p>
  );
}

/**
 * Like, message and gift (M-05, C-09, C-10). On phones a bar fixed to the foot of the screen, above the tab
 * bar and the safe area (issue 27; styles.css keeps the page's end clear of it); from md on, a row under
 * the member's name and place.
 */
export function ActionBar({ profile, viewer }: { profile: TMemberProfile; viewer: TUser | null }) {
  return (
    <div
      className="max-md:fixed max-md:inset-x-0 max-md:bottom-(--tabbar-h) max-md:my-0 max-md:z-20 max-md:border-t max-md:border-line max-md:bg-white/95 max-md:px-4 max-md:pt-3 max-md:pb-[calc(0.75rem+max(0px,env(safe-area-inset-bottom)_-_var(--tabbar-h)))] max-md:shadow-[0_-4px_16px_rgb(0_0_0/0.06)] max-md:backdrop-blur"
      data-action-bar
      data-testid="action-bar"
    >
      <div className="mx-auto grid max-w-md grid-cols-[auto_minmax(0,1fr)_auto] gap-2 md:mx-0 md:w-fit md:max-w-none md:grid-cols-[auto_auto_auto]">
        <LikeButton profile={profile} viewer={viewer} />
        <ProfileChatActions member={profile} loggedIn={viewer !== null} />
      </div>
    </div>
  );
}
