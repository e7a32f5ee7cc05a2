import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCounts, useRefreshLoop, useTitleAndBadge } from '../../api/counts.ts';
import { useAutoLike, useDismissPopup, usePopup } from '../../api/likes.ts';
import { realtime } from '../../api/realtime.ts';
import { MatchModal, type ModalPerson } from './match-modal.tsx';

/** Seconds a `?t=` may ask for: at most an hour. */
const MAX_T = 3600;

/**
 * D-05: a page opened with `?t=N` shows the like modal after N seconds: a fitting profile likes the
 * member (auto-like, D-06), and the likes and counts reload 500 ms later, which brings the new like's
 * modal (its button leads to /members/{id}). `t` leaves the URL without a navigation.
 */
function useLikeModal(): void {
  const [params] = useSearchParams();
  const { mutate } = useAutoLike();
  const armed = useRef(false);
  const t = params.get('t');
  useEffect(() => {
    if (t === null || armed.current || !/^\d{1,4}$/.test(t) || Number(t) > MAX_T) return;
    const timer = setTimeout(() => {
      armed.current = true;
      const url = new URL(window.location.href);
      url.searchParams.delete('t');
      window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
      mutate();
    }, Number(t) * 1000);
    // For tests and tools: the countdown runs (the part of the page that holds it may hydrate after the rest).
    document.documentElement.setAttribute('data-like-countdown', t);
    return () => clearTimeout(timer);
  }, [t, mutate]);
}

/** One like or match for the modal; `id` is its notification, which the modal marks seen. */
interface Shown {
  id: number | null;
  kind: 'like' | 'match';
  member: ModalPerson & { id: number };
  me: ModalPerson;
}

/**
 * D-04: likes and matches pushed over the real-time channel, for the modal at once (the counts hint that
 * follows refreshes the badges; the popup query would bring the same notification a moment later).
 */
function usePushedLikes(): Shown[] {
  const [pushed, setPushed] = useState<Shown[]>([]);
  useEffect(() => {
    const rt = realtime();
    const add =
      (kind: Shown['kind']) =>
      (e: { member: Shown['member']; me?: ModalPerson | undefined; notification_id?: number | undefined }) =>
        setPushed((list) => [
          ...list.filter((x) => x.id === null || x.id !== e.notification_id),
          {
            id: e.notification_id ?? null,
            kind,
            member: {
              id: e.member.id,
              name: e.member.name,
              thumb_url: e.member.thumb_url,
              fictional: e.member.fictional,
            },
            me: e.me ?? { name: '', thumb_url: null },
          },
        ]);
    const offs = [rt.on('like', add('like')), rt.on('match', add('match'))];
    return () => {
      for (const off of offs) off();
    };
  }, []);
  return pushed;
}

/**
 * What a logged-in member's pages do in the background: the refresh loop (P-06), the title and app
 * badge (P-13), the match / new-like modal (D-04) from the real-time channel or the popup query, each
 * shown once, and the like modal (D-05).
 */
export default function MemberLive() {
  const queryClient = useQueryClient();
  useRefreshLoop(queryClient, true);
  const counts = useCounts();
  useTitleAndBadge(counts);
  const version = counts ? counts.new_likes * 1_000_003 + counts.unread_notifications : -1;
  const popup = usePopup(counts !== undefined, version);
  const pushed = usePushedLikes();
  const dismiss = useDismissPopup();
  const [closed, setClosed] = useState<ReadonlySet<Shown>>(new Set());
  const [closedIds, setClosedIds] = useState<ReadonlySet<number>>(new Set());
  useLikeModal();

  const fromQuery: Shown | null = popup
    ? {
        id: popup.id,
        kind: popup.kind,
        member: {
          id: popup.member.id,
          name: popup.member.name,
          thumb_url: popup.member.thumb_url,
          fictional: popup.member.fictional,
        },
        me: popup.me,
      }
    : null;
  const current = [...pushed, ...(fromQuery ? [fromQuery] : [])].find(
    (x) => !closed.has(x) && (x.id === null || !closedIds.has(x.id)),
  );
  if (current) {
    const close = () => {
      setClosed((set) => new Set(set).add(current));
      if (current.id !== null) {
        const id = current.id;
        setClosedIds((set) => new Set(set).add(id));
        dismiss.mutate(id);
      }
    };
    return (
      <MatchModal
        key={current.id ?? `pushed-${current.member.id}`}
        kind={current.kind}
        member={current.member}
        me={current.me}
        onClose={close}
      />
    );
  }
  return null;
}
