import { Flame } from 'lucide-react';
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { TLanderMember } from '../../../shared/contract/landers.ts';
import type { TSwipeCard } from '../../../shared/contract/swipe.ts';
import { useUser } from '../../api/session.ts';
import { JoinCta } from '../../components/join-cta.tsx';
import { OfflineOr } from '../../offline/offline-state.tsx';
import { usePageMeta, usePageTitle } from '../../use-page-title.ts';
import { PageSkeleton, RequireLogin } from '../accounts/shared.tsx';
import { LanderCta, useLander, useLanderVisit } from '../landers/kit.tsx';
import { keepLike, readKeptLikes } from './kept-likes.ts';
import { SwipeGame } from './swipe-game.tsx';

/** /swipe-game (D-07). */
export function SwipePage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'swipe.title' }));
  return (
    <RequireLogin>
      {() => (
        <div className="px-4 py-6 sm:py-10">
          <h1 className="mb-4 flex items-center justify-center gap-2 text-center text-3xl font-extrabold tracking-tight">
            <Flame aria-hidden className="text-primary" />
            <FormattedMessage id="swipe.title" />
          </h1>
          <SwipeGame />
        </div>
      )}
    </RequireLogin>
  );
}

/** A lander member as a swipe card. */
const asCard = (m: TLanderMember): TSwipeCard => ({
  id: m.id,
  name: m.name,
  age: m.age,
  city: m.city,
  country: null,
  thumb_url: m.thumb_url,
  photo_url: m.photo_url,
  fictional: m.fictional,
  online: m.online,
});

/** A visitor's game on the site's real members; the likes wait in this browser for the account. */
function VisitorSwipe() {
  const { data: page, isPending } = useLander('tinderswipe');
  const [kept, setKept] = useState(readKeptLikes().length);
  const cards = useMemo(() => (page?.members ?? []).map(asCard), [page]);
  const visitor = useMemo(
    () => ({
      cards,
      onLike: (card: TSwipeCard) => setKept(keepLike(card.id)),
      end: <JoinCta title={<FormattedMessage id="swipe.lander_join" />} testId="tinderswipe-join" />,
    }),
    [cards],
  );
  if (isPending)
    return (
      <OfflineOr>
        <PageSkeleton />
      </OfflineOr>
    );
  return (
    <>
      <SwipeGame visitor={visitor} />
      <div className="mt-6 text-center" data-testid="tinderswipe-kept">
        {kept > 0 && (
          <p className="mb-3 font-medium" aria-live="polite">
            <FormattedMessage id="lander.likes_kept" values={{ count: kept }} />
          </p>
        )}
        <LanderCta lander="tinderswipe" />
      </div>
    </>
  );
}

/** /landers/tinderswipe (D-07, L-07): the game for members; for visitors on real cards, likes kept. */
export function TinderswipeLander() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'swipe.lander_title' }));
  usePageMeta(intl.formatMessage({ id: 'swipe.lander_intro' }));
  useLanderVisit('tinderswipe');
  const { user, isPending } = useUser();
  if (isPending)
    return (
      <OfflineOr>
        <PageSkeleton />
      </OfflineOr>
    );
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12" data-testid="lander" data-lander="tinderswipe">
      <h1 className="mb-2 text-center text-3xl font-extrabold tracking-tight sm:text-4xl">
        <FormattedMessage id="swipe.lander_title" />
      </h1>
      <p className="mx-auto mb-6 max-w-xl text-center text-muted">
        <FormattedMessage id="swipe.lander_intro" />
      </p>
      {user ? <SwipeGame /> : <VisitorSwipe />}
    </div>
  );
}
