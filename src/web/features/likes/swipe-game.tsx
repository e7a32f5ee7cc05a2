import { Crown, Heart, MapPin, RotateCcw, Search, UserRound, X } from 'lucide-react';
import { type PointerEvent, type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { TSwipeCard } from '../../../shared/contract/swipe.ts';
import { pathFor } from '../../../shared/routes.ts';
import { RULES } from '../../../shared/rules.ts';
import { ApiError } from '../../api/client.ts';
import { useSwipe, useSwipeStack, useUndoPass } from '../../api/swipe.ts';
import { FictionalIcon } from '../../components/fictional-icon.tsx';
import { OnlineDot } from '../../components/member-card.tsx';
import { Link } from '../../components/route-link.tsx';
import { premiumMatchChanceText, useGenderValues } from '../../i18n/values.ts';
import { OfflineOr } from '../../offline/offline-state.tsx';

/** How far (px) a card must travel to count as a swipe. */
const THRESHOLD = 100;
/** Cards whose photos load ahead, so a swipe never waits on the network. */
const PRELOAD = 3;

function CardFace({ card }: { card: TSwipeCard }) {
  const intl = useIntl();
  const src = card.photo_url ?? card.thumb_url;
  return (
    <>
      {src ? (
        <img
          src={src}
          alt={intl.formatMessage({ id: 'profile.photo_of' }, { name: card.name })}
          draggable={false}
          className="absolute inset-0 size-full select-none object-cover"
        />
      ) : (
        <span className="absolute inset-0 flex items-center justify-center bg-gradient-to-br from-primary-soft to-surface">
          <UserRound aria-hidden size={72} className="text-primary/50" />
        </span>
      )}
      {card.fictional && (
        <span className="absolute right-3 top-3 inline-flex size-9 items-center justify-center rounded-full bg-black/55 text-white">
          <FictionalIcon size={18} />
        </span>
      )}
      <span className="absolute inset-x-0 bottom-0 block bg-gradient-to-t from-black/85 via-black/40 to-transparent px-5 pb-5 pt-20 text-left text-white">
        <span className="flex items-center gap-2 text-2xl font-bold">
          {card.online && <OnlineDot />}
          {card.name}, {card.age}
        </span>
        {card.city && (
          <span className="mt-1 flex items-center gap-1 text-white/90">
            <MapPin aria-hidden size={15} />
            {card.city}
          </span>
        )}
      </span>
    </>
  );
}

/** The gentle end-of-day card: no likes left, with the premium offer (D-07, UX). */
function LimitCard() {
  const intl = useIntl();
  const premium = pathFor('premium') ?? '/premium';
  return (
    <div
      className="flex aspect-[3/4] w-full flex-col items-center justify-center rounded-3xl bg-gradient-to-br from-secondary-soft to-white p-6 text-center shadow-xl ring-1 ring-black/5"
      data-testid="swipe-limit"
      role="status"
    >
      <Crown aria-hidden size={44} className="text-[color-mix(in_oklab,var(--color-secondary)_55%,black)]" />
      <h2 className="mt-3 text-2xl font-bold">
        <FormattedMessage id="swipe.limit_title" />
      </h2>
      <p className="mt-2 text-muted">
        <FormattedMessage
          id="swipe.limit_text"
          values={{
            count: RULES.swipe.freeLikesPerDay,
            percentage_text: premiumMatchChanceText(intl.locale),
          }}
        />
      </p>
      <Link to={premium} className="btn btn-secondary mt-5 min-h-12 px-6">
        <Crown aria-hidden size={18} />
        <FormattedMessage id="nav.premium" />
      </Link>
    </div>
  );
}

function EmptyCard() {
  const members = pathFor('members');
  const gender = useGenderValues();
  return (
    <div className="flex aspect-[3/4] w-full flex-col items-center justify-center rounded-3xl bg-surface p-6 text-center ring-1 ring-black/5">
      <Search aria-hidden size={40} className="text-primary" />
      <p className="mt-3 text-muted">
        <FormattedMessage id="swipe.empty" values={gender} />
      </p>
      {members && (
        <Link to={members} className="btn btn-primary mt-4 min-h-11 px-5">
          <FormattedMessage id="likes.browse" />
        </Link>
      )}
    </div>
  );
}

/**
 * A visitor's deck (the tinderswipe lander, L-07): real members' cards, whose likes are kept in this
 * browser and sent once the visitor's account exists; `end` shows when the deck is done.
 */
export interface VisitorDeck {
  cards: TSwipeCard[];
  onLike(card: TSwipeCard): void;
  end: ReactNode;
}

/**
 * The swipe game (D-07): a stack of cards that follow the finger or mouse, with buttons and the arrow
 * keys as the accessible alternative, undo of the last pass, and the free likes left today in view.
 */
export function SwipeGame({ visitor }: { visitor?: VisitorDeck } = {}) {
  const intl = useIntl();
  const served = useSwipeStack(!visitor);
  const visitorCards = visitor?.cards;
  const visitorStack = useMemo(
    () =>
      visitorCards
        ? {
            data: { cards: visitorCards, likes_left: null },
            isPending: false,
            refetch: async () => undefined,
          }
        : null,
    [visitorCards],
  );
  const stack = visitorStack ?? served;
  const { gender } = useGenderValues();
  const swipe = useSwipe();
  const undo = useUndoPass();
  const [cards, setCards] = useState<TSwipeCard[]>([]);
  const [likesLeft, setLikesLeft] = useState<number | null>(null);
  const [lastPassed, setLastPassed] = useState<TSwipeCard | null>(null);
  const [drag, setDrag] = useState<{ x: number; y: number } | null>(null);
  const [leaving, setLeaving] = useState<{ id: number; dir: 1 | -1 } | null>(null);
  const [announce, setAnnounce] = useState('');
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  const seen = useRef(new Set<number>());

  // New cards from the server join the queue once; cards already swiped never come back.
  useEffect(() => {
    if (!stack.data) return;
    setLikesLeft(stack.data.likes_left);
    setCards((old) => [
      ...old,
      ...stack.data.cards.filter((c) => !seen.current.has(c.id) && !old.some((o) => o.id === c.id)),
    ]);
  }, [stack.data]);

  // Preload the next cards' photos.
  useEffect(() => {
    for (const c of cards.slice(1, 1 + PRELOAD)) {
      const src = c.photo_url ?? c.thumb_url;
      if (src) new Image().src = src;
    }
  }, [cards]);

  // Running low: ask for more (the server leaves out everyone liked or passed).
  const { refetch } = stack;
  useEffect(() => {
    if (stack.data && cards.length < 3 && stack.data.cards.length > 0) void refetch();
  }, [cards.length, stack.data, refetch]);

  const top = cards[0];
  const limited = likesLeft === 0;

  const act = useCallback(
    (action: 'like' | 'pass') => {
      if (!top || leaving) return;
      if (action === 'like' && likesLeft === 0) return;
      seen.current.add(top.id);
      setLeaving({ id: top.id, dir: action === 'like' ? 1 : -1 });
      setDrag(null);
      setAnnounce(
        intl.formatMessage(
          { id: action === 'like' ? 'swipe.liked' : 'swipe.passed' },
          { name: top.name, gender },
        ),
      );
      if (action === 'like' && likesLeft !== null) setLikesLeft(Math.max(0, likesLeft - 1));
      setTimeout(() => {
        setCards((c) => c.filter((x) => x.id !== top.id));
        setLeaving(null);
      }, 180);
      if (action === 'pass') setLastPassed(top);
      if (visitor) {
        if (action === 'like') visitor.onLike(top);
        return;
      }
      swipe.mutate(
        { id: top.id, action },
        {
          onSuccess: (res) => setLikesLeft(res.likes_left),
          onError: (err) => {
            if (err instanceof ApiError && err.code === 'swipe_limit') setLikesLeft(0);
            seen.current.delete(top.id);
            setCards((c) => [top, ...c.filter((x) => x.id !== top.id)]);
          },
        },
      );
    },
    [top, leaving, likesLeft, intl, swipe, visitor, gender],
  );

  const undoPass = () => {
    if (visitor) {
      if (!lastPassed) return;
      seen.current.delete(lastPassed.id);
      setCards((c) => [lastPassed, ...c.filter((x) => x.id !== lastPassed.id)]);
      setLastPassed(null);
      return;
    }
    undo.mutate(undefined, {
      onSuccess: (res) => {
        setLastPassed(null);
        const card = res.card;
        if (card) {
          seen.current.delete(card.id);
          setCards((c) => [card, ...c.filter((x) => x.id !== card.id)]);
        }
      },
    });
  };

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [role="dialog"]')) return;
      if (e.key === 'ArrowRight') {
        e.preventDefault();
        act('like');
      } else if (e.key === 'ArrowLeft') {
        e.preventDefault();
        act('pass');
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [act]);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (!top || leaving) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    start.current = { x: e.clientX, y: e.clientY, id: e.pointerId };
    setDrag({ x: 0, y: 0 });
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!start.current || start.current.id !== e.pointerId) return;
    setDrag({ x: e.clientX - start.current.x, y: e.clientY - start.current.y });
  };
  const onPointerEnd = (e: PointerEvent<HTMLDivElement>) => {
    if (!start.current || start.current.id !== e.pointerId) return;
    const dx = e.clientX - start.current.x;
    start.current = null;
    if (dx > THRESHOLD && !limited) act('like');
    else if (dx < -THRESHOLD) act('pass');
    else setDrag(null);
  };

  const transform =
    leaving && top && leaving.id === top.id
      ? `translateX(${leaving.dir * 140}%) rotate(${leaving.dir * 18}deg)`
      : drag
        ? `translate(${drag.x}px, ${drag.y * 0.3}px) rotate(${drag.x / 18}deg)`
        : undefined;

  return (
    // The card shrinks on short screens so the buttons stay in view above the tab bar.
    <div className="mx-auto flex w-full max-w-[min(24rem,calc((100dvh-var(--tabbar-h,0px)-22rem)*0.75))] flex-col items-center">
      {!visitor && (
        <p
          className="mb-3 text-center text-sm font-semibold text-muted"
          data-testid="likes-left"
          aria-live="polite"
        >
          {likesLeft === null ? (
            <FormattedMessage id="swipe.unlimited_premium" />
          ) : (
            <FormattedMessage id="swipe.likes_left" values={{ count: likesLeft }} />
          )}
        </p>
      )}
      <div className="relative w-full">
        {stack.isPending ? (
          <OfflineOr>
            <div className="aspect-[3/4] w-full animate-pulse rounded-3xl bg-surface" />
          </OfflineOr>
        ) : limited ? (
          <LimitCard />
        ) : !top ? (
          (visitor?.end ?? <EmptyCard />)
        ) : (
          <>
            {cards[1] && (
              <div
                aria-hidden
                className="absolute inset-0 scale-[0.96] overflow-hidden rounded-3xl shadow-md"
              >
                <CardFace card={cards[1]} />
              </div>
            )}
            {/* biome-ignore lint/a11y/useSemanticElements: a draggable card, not a form group; buttons and keys are its accessible controls */}
            <div
              key={top.id}
              role="group"
              aria-roledescription={intl.formatMessage({ id: 'swipe.card' })}
              aria-label={`${top.name}, ${top.age}`}
              data-testid="swipe-card"
              data-member-id={top.id}
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={onPointerEnd}
              onPointerCancel={onPointerEnd}
              style={{ transform, touchAction: 'none' }}
              className={`relative aspect-[3/4] w-full cursor-grab overflow-hidden rounded-3xl bg-surface shadow-xl ring-1 ring-black/5 active:cursor-grabbing ${
                drag && !leaving ? '' : 'transition-transform duration-200 motion-reduce:transition-none'
              }`}
            >
              <CardFace card={top} />
              {drag && Math.abs(drag.x) > 30 && (
                <span
                  aria-hidden
                  className={`absolute top-6 rounded-xl border-4 px-3 py-1 text-2xl font-extrabold uppercase ${
                    drag.x > 0
                      ? 'left-5 -rotate-12 border-emerald-400 text-emerald-400'
                      : 'right-5 rotate-12 border-rose-400 text-rose-400'
                  }`}
                >
                  {drag.x > 0 ? <FormattedMessage id="swipe.like" /> : <FormattedMessage id="swipe.nope" />}
                </span>
              )}
            </div>
          </>
        )}
      </div>
      <div className="mt-5 flex items-center justify-center gap-4">
        <button
          type="button"
          onClick={() => act('pass')}
          disabled={!top || limited}
          className="inline-flex size-16 items-center justify-center rounded-full bg-white text-rose-600 shadow-lg ring-1 ring-black/5 hover:bg-rose-50 disabled:opacity-40"
          aria-label={intl.formatMessage({ id: 'swipe.pass' })}
          title={intl.formatMessage({ id: 'swipe.pass' })}
        >
          <X aria-hidden size={30} />
        </button>
        <button
          type="button"
          onClick={undoPass}
          disabled={!lastPassed || undo.isPending}
          className="inline-flex size-12 items-center justify-center rounded-full bg-white text-warning shadow ring-1 ring-black/5 hover:bg-surface disabled:opacity-40"
          aria-label={intl.formatMessage({ id: 'swipe.undo' })}
          title={intl.formatMessage({ id: 'swipe.undo' })}
        >
          <RotateCcw aria-hidden size={22} />
        </button>
        <button
          type="button"
          onClick={() => act('like')}
          disabled={!top || limited}
          className="inline-flex size-16 items-center justify-center rounded-full bg-primary text-white shadow-lg hover:bg-primary-strong disabled:opacity-40"
          aria-label={intl.formatMessage({ id: 'swipe.like' })}
          title={intl.formatMessage({ id: 'swipe.like' })}
        >
          <Heart aria-hidden size={30} className="fill-white" />
        </button>
      </div>
      <p className="mt-4 text-center text-sm text-muted">
        <FormattedMessage id="swipe.help" />
      </p>
      <p className="sr-only" aria-live="polite">
        {announce}
      </p>
    </div>
  );
}
