import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCounts, useRefreshLoop, useTitleAndBadge } from '../../api/counts.ts';
import { useAutoLike, useDismissPopup, usePopup } from '../../api/likes.ts';
import { MatchModal } from './match-modal.tsx';

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
    return () => clearTimeout(timer);
  }, [t, mutate]);
}

/**
 * What a logged-in member's pages do in the background: the refresh loop (P-06), the title and app
 * badge (P-13), the match / new-like modal (D-04) and the like modal (D-05).
 */
export default function MemberLive() {
  const queryClient = useQueryClient();
  useRefreshLoop(queryClient, true);
  const counts = useCounts();
  useTitleAndBadge(counts);
  const version = counts ? counts.new_likes * 1_000_003 + counts.unread_notifications : -1;
  const popup = usePopup(counts !== undefined, version);
  const dismiss = useDismissPopup();
  const [closed, setClosed] = useState<number | null>(null);
  useLikeModal();

  if (popup && closed !== popup.id) {
    const close = () => {
      setClosed(popup.id);
      dismiss.mutate(popup.id);
    };
    return (
      <MatchModal
        kind={popup.kind}
        member={{ id: popup.member.id, name: popup.member.name, thumb_url: popup.member.thumb_url }}
        me={popup.me}
        onClose={close}
      />
    );
  }
  return null;
}
