import { ArrowRight, Flame, Heart, HeartHandshake, Search, Send, Sparkles } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { LIKE_TYPES, type LikeType, type TLikesResponse } from '../../../shared/contract/likes.ts';
import { pathFor } from '../../../shared/routes.ts';
import { useAutoLike, useLikeMember, useLikesList } from '../../api/likes.ts';
import { LoadMore } from '../../components/load-more.tsx';
import { MemberCard, MemberCardSkeleton } from '../../components/member-card.tsx';
import { Link, NavLink } from '../../components/route-link.tsx';
import { useGenderValues } from '../../i18n/values.ts';
import { LastUpdated, OfflineOr } from '../../offline/offline-state.tsx';
import { usePageTitle } from '../../use-page-title.ts';
import { RequireLogin } from '../accounts/shared.tsx';
import { NotFoundPage } from '../site/error-page.tsx';

const TITLES: Record<LikeType, string> = {
  received: 'likes.tab_received',
  given: 'likes.tab_given',
  mutual: 'likes.tab_mutual',
};

/** What a member can do next when a list is empty (UX: empty states offer the next step). */
function Empty({ type }: { type: LikeType }) {
  const members = pathFor('members');
  const swipe = pathFor('swipe-game');
  const Icon = type === 'mutual' ? HeartHandshake : type === 'given' ? Send : Heart;
  const gender = useGenderValues();
  return (
    <div className="rounded-2xl border border-dashed border-line bg-surface/60 px-5 py-8 text-center">
      <Icon aria-hidden size={36} className="mx-auto text-primary" />
      <p className="mx-auto mt-3 max-w-md text-muted">
        <FormattedMessage id={`likes.empty_${type}`} values={gender} />
      </p>
      <div className="mt-4 flex flex-wrap justify-center gap-2">
        {swipe && (
          <Link to={swipe} className="btn btn-primary min-h-11 px-4">
            <Flame aria-hidden size={18} />
            <FormattedMessage id="likes.play_swipe" />
          </Link>
        )}
        {members && (
          <Link to={members} className="btn btn-ghost min-h-11 px-4">
            <Search aria-hidden size={18} />
            <FormattedMessage id="likes.browse" />
          </Link>
        )}
      </div>
    </div>
  );
}

/** A card of a likes list: the member card, "new" on a new like, and a like-back button. */
function LikeCard(props: { page: TLikesResponse; index: number; eager: boolean }) {
  const member = props.page.profiles[props.index];
  const likeMember = useLikeMember();
  if (!member) return null;
  const likedBy = props.page.liked_by.find((l) => l.id === member.id);
  const iLiked = props.page.liked.includes(member.id);
  const mutual = Boolean(likedBy) && iLiked;
  return (
    <li className="relative" data-testid="like-card">
      <MemberCard member={member} eager={props.eager} />
      {likedBy?.like_new && (
        <span className="pointer-events-none absolute left-2 top-2 rounded-full bg-primary px-2.5 py-1 text-xs font-bold text-white shadow">
          <FormattedMessage id="likes.new" />
        </span>
      )}
      {mutual ? (
        <Link
          to={pathFor('likes-m-id', { id: member.id }) ?? '#'}
          className="btn btn-secondary mt-2 min-h-11 w-full text-sm"
        >
          <HeartHandshake aria-hidden size={18} />
          <FormattedMessage id="likes.match" />
        </Link>
      ) : likedBy ? (
        <button
          type="button"
          className="btn btn-primary mt-2 min-h-11 w-full text-sm"
          disabled={likeMember.isPending || likeMember.isSuccess}
          onClick={() => likeMember.mutate(member.id)}
        >
          <Heart aria-hidden size={18} />
          <FormattedMessage id="likes.like_back" values={{ name: member.name }} />
        </button>
      ) : null}
    </li>
  );
}

function Grid({ children }: { children: ReactNode }) {
  return <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6">{children}</ul>;
}

function Skeletons({ n }: { n: number }) {
  return (
    <Grid>
      {Array.from({ length: n }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <li key={i}>
          <MemberCardSkeleton />
        </li>
      ))}
    </Grid>
  );
}

/** One list, page by page, with a "load more" button (cursor paging). */
function LikesList({ type, preview }: { type: LikeType; preview?: number }) {
  const list = useLikesList(type, preview);
  if (list.isPending)
    return (
      <OfflineOr compact={preview !== undefined}>
        <Skeletons n={preview ?? 6} />
      </OfflineOr>
    );
  if (list.isError) return null;
  const pages = list.data.pages;
  if (pages.every((p) => p.profiles.length === 0)) return <Empty type={type} />;
  return (
    <>
      <Grid>
        {pages.flatMap((page, p) =>
          page.profiles.map((m, i) => <LikeCard key={m.id} page={page} index={i} eager={p === 0 && i < 4} />),
        )}
      </Grid>
      {!preview && list.hasNextPage && (
        <LoadMore busy={list.isFetchingNextPage} onMore={() => void list.fetchNextPage()}>
          <FormattedMessage id="likes.load_more" />
        </LoadMore>
      )}
    </>
  );
}

function Tabs() {
  const intl = useIntl();
  return (
    <nav aria-label={intl.formatMessage({ id: 'likes.title' })} className="-mx-4 mb-6 overflow-x-auto px-4">
      <ul className="flex gap-2">
        {[null, ...LIKE_TYPES].map((type) => {
          const to = type ? pathFor('likes-type', { type }) : pathFor('likes');
          return (
            <li key={type ?? 'all'}>
              <NavLink
                to={to ?? '#'}
                end
                className="inline-flex min-h-11 items-center whitespace-nowrap rounded-full border border-line px-4 text-sm font-semibold text-ink hover:bg-surface aria-[current=page]:border-primary aria-[current=page]:bg-primary aria-[current=page]:text-white"
              >
                <FormattedMessage id={type ? TITLES[type] : 'likes.overview'} />
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** D-06: with no likes received yet, a fitting profile may like the member, once a visit. */
function useAutoLikeWhenEmpty() {
  const received = useLikesList('received', 6);
  const autoLike = useAutoLike();
  const asked = useRef(false);
  const empty = received.data?.pages[0]?.profiles.length === 0;
  const { mutate } = autoLike;
  useEffect(() => {
    if (!empty || asked.current) return;
    asked.current = true;
    try {
      if (sessionStorage.getItem('vonk.auto_like')) return;
      sessionStorage.setItem('vonk.auto_like', '1');
    } catch {}
    mutate();
  }, [empty, mutate]);
}

function Overview() {
  useAutoLikeWhenEmpty();
  const matchFinder = pathFor('match-finder');
  return (
    <div className="space-y-10">
      {LIKE_TYPES.map((type) => (
        <section key={type} aria-labelledby={`likes-${type}`}>
          <div className="mb-3 flex items-baseline justify-between gap-3">
            <h2 id={`likes-${type}`} className="text-xl font-bold">
              <FormattedMessage id={TITLES[type]} />
            </h2>
            <Link
              to={pathFor('likes-type', { type }) ?? '#'}
              className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-primary-strong hover:underline"
            >
              <FormattedMessage id="likes.see_all" />
              <ArrowRight aria-hidden size={16} />
            </Link>
          </div>
          <LikesList type={type} preview={6} />
        </section>
      ))}
      {matchFinder && (
        <Link
          to={matchFinder}
          className="flex items-center gap-4 rounded-2xl bg-secondary-soft p-5 hover:shadow-md"
        >
          <Sparkles
            aria-hidden
            size={28}
            className="shrink-0 text-[color-mix(in_oklab,var(--color-secondary)_55%,black)]"
          />
          <span>
            <span className="block font-bold">
              <FormattedMessage id="matchfinder.title" />
            </span>
            <span className="block text-sm text-muted">
              <FormattedMessage id="matchfinder.intro" />
            </span>
          </span>
        </Link>
      )}
    </div>
  );
}

/** /likes (overview) and /likes/{type}: likes received, given and mutual (D-03). */
export function LikesPage() {
  const intl = useIntl();
  const { type } = useParams();
  const known = type === undefined || (LIKE_TYPES as readonly string[]).includes(type);
  usePageTitle(intl.formatMessage({ id: known && type ? TITLES[type as LikeType] : 'likes.title' }));
  if (!known) return <NotFoundPage />;
  return (
    <RequireLogin>
      {() => (
        <div className="mx-auto max-w-6xl px-4 py-6 sm:py-10">
          <h1 className="text-3xl font-extrabold tracking-tight">
            <FormattedMessage id="likes.title" />
          </h1>
          <div className="mb-5">
            <LastUpdated queryKey={['likes']} />
          </div>
          <Tabs />
          {type ? <LikesList type={type as LikeType} /> : <Overview />}
        </div>
      )}
    </RequireLogin>
  );
}
