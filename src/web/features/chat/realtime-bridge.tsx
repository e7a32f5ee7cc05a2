import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { TUserResponse } from '../../../shared/contract/accounts.ts';
import { CLOSE_CODES } from '../../../shared/contract/realtime.ts';
import { afterSend } from '../../api/chat.ts';
import { realtime } from '../../api/realtime.ts';
import { useUser } from '../../api/session.ts';
import { outboxFor } from './outbox.ts';

/** How long an ended session's tab waits before asking who it is (it may be on its way already). */
const SESSION_END_GRACE_MS = 2000;

/**
 * Keeps the tab's one socket open while a member is logged in and turns its events into cache
 * invalidations: a pushed message reloads chats and likes (C-08); likes, matches and counts refresh the
 * badges. Socket events are hints: every one only marks data stale, the next fetch reads the truth.
 * It also sends whatever waits in the outbox when the socket (re)opens (C-12).
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
    const offs = [
      rt.on('message', () => stale('chats', 'likes', 'counts', 'notifications')),
      rt.on('read', () => stale('chats', 'counts')),
      rt.on('like', () => stale('likes', 'counts', 'notifications')),
      rt.on('match', () => stale('likes', 'counts', 'notifications', 'chats')),
      rt.on('counts', () => stale('counts', 'chats', 'likes', 'notifications')),
      rt.on('chat_removed', () => stale('chats', 'counts')),
      rt.on('credits', (e) =>
        queryClient.setQueryData<TUserResponse>(['user'], (old) =>
          old?.user ? { user: { ...old.user, credits: e.credits } } : old,
        ),
      ),
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
