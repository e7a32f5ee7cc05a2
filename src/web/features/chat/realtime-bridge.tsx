import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { CLOSE_CODES } from '../../../shared/contract/realtime.ts';
import { followOtherTabs } from '../../api/balance-tabs.ts';
import { afterSend } from '../../api/chat.ts';
import { refreshAfterPurchase } from '../../api/credits.ts';
import { realtime } from '../../api/realtime.ts';
import { applyNews, type CacheNews } from '../../api/realtime-cache.ts';
import { useUser } from '../../api/session.ts';
import { outboxFor } from './outbox.ts';

/** How long an ended session's tab waits before asking who it is (it may be on its way already). */
const SESSION_END_GRACE_MS = 2000;

/**
 * Keeps the tab's one socket open while a member is logged in and puts what its events carry into the
 * cache (realtime-cache.ts): a message moves its conversation up the list and sets the unread total, a
 * read sets the row's count, `counts` the badges, `credits` the balance, without asking the API again.
 * What an event does not carry is marked stale and fetched where it is on screen: the likes after a
 * message (C-08), the likes and notifications after a like or match. Other tabs' purchases arrive over a
 * BroadcastChannel. It also sends whatever waits in the outbox when the socket (re)opens (C-12).
 */
export function RealtimeBridge() {
  const { user } = useUser();
  const queryClient = useQueryClient();
  const memberId = user?.id ?? null;

  useEffect(() => {
    const rt = realtime();
    if (memberId === null) {
      rt.stop();
      return;
    }
    rt.start();
    const stale = (...keys: string[]) => {
      for (const key of keys) {
        void queryClient.invalidateQueries({
          queryKey: [key],
          // An open chat merges its own events; refetching its 50 newest messages would be waste.
          predicate: (q) => q.queryKey[1] !== 'thread',
        });
      }
    };
    const box = outboxFor(memberId);
    void box.flush();
    let ended: ReturnType<typeof setTimeout> | undefined;
    const keep = (e: CacheNews) => applyNews(queryClient, e, memberId);
    const offs = [
      rt.on('message', (e) => {
        keep(e);
        stale('likes');
      }),
      rt.on('read', keep),
      // The badge totals of a like come with the `counts` hint the server sends beside it.
      rt.on('like', () => stale('likes', 'notifications')),
      rt.on('match', () => stale('likes', 'notifications', 'chats')),
      rt.on('counts', (e) => {
        keep(e);
        // The bare hint: a like or match changed the lists behind the badges.
        if (e.unread_messages === undefined && e.new_likes === undefined) stale('likes', 'notifications');
      }),
      rt.on('chat_removed', keep),
      rt.on('credits', keep),
      followOtherTabs(queryClient, memberId, () => refreshAfterPurchase(queryClient)),
      rt.onStatus((status) => {
        if (status === 'open') void box.flush();
      }),
      // A ban or an ended session closed the socket (A-10, O-02): who am I now? The answer (403 banned, or
      // no session) sends the member to the ban notice or the login, not at the next refresh. A ban at
      // once; an ended session a moment later, because this tab may be the one that ended it (logout, the
      // member's own deletion) and is already on its way to the page that follows.
      rt.onEnded((code) => {
        const ask = () => void queryClient.invalidateQueries({ queryKey: ['user'] });
        if (code === CLOSE_CODES.banned) ask();
        else ended = setTimeout(ask, SESSION_END_GRACE_MS);
      }),
      box.onSent((_entry, answer) => afterSend(queryClient, answer)),
    ];
    return () => {
      clearTimeout(ended);
      for (const off of offs) off();
    };
  }, [memberId, queryClient]);

  useEffect(() => () => realtime().stop(), []);
  return null;
}
