import { Flame } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useUser } from '../../api/session.ts';
import { JoinCta } from '../../components/join-cta.tsx';
import { usePageTitle } from '../../use-page-title.ts';
import { PageSkeleton, RequireLogin } from '../accounts/shared.tsx';
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

/** /landers/tinderswipe (D-07, L-07): the game for members, an invitation to join for visitors. */
export function TinderswipeLander() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'swipe.lander_title' }));
  const { user, isPending } = useUser();
  if (isPending) return <PageSkeleton />;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <h1 className="mb-2 text-center text-3xl font-extrabold tracking-tight sm:text-4xl">
        <FormattedMessage id="swipe.lander_title" />
      </h1>
      <p className="mx-auto mb-6 max-w-xl text-center text-muted">
        <FormattedMessage id="swipe.lander_intro" />
      </p>
      {user ? (
        <SwipeGame />
      ) : (
        <JoinCta title={<FormattedMessage id="swipe.lander_join" />} testId="tinderswipe-join" />
      )}
    </div>
  );
}
