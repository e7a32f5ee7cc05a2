import { type DehydratedState, hydrate, type Query, type QueryClient } from '@tanstack/react-query';
import type { TUserResponse } from '../../shared/contract/accounts.ts';
import { forgetOfflineCopy, MEMBER_COPY_KEY } from './forget.ts';

/**
 * Offline like an app (issue 27, P-12): the answers a member's main tabs show are kept in this browser, so
 * the shell the service worker serves without a network starts with them, and a tab opened offline shows
 * the last chats, likes and search results with "Laatst bijgewerkt …" instead of waiting forever.
 *
 * Privacy on shared devices: only the logged-in member's own answers are kept, under their id; logout,
 * deletion, a ban or a lost session forget them (session.ts), and so does any other member (or none)
 * becoming the session's (here). The site's public answers (settings, company, interests) are kept apart.
 */

const SITE_COPY_KEY = 'vonk.offline.site';
/** The newest searches kept; each is one page of cards. */
const SEARCHES = 3;
const SAVE_DELAY_MS = 1_000;

interface MemberCopy {
  member: number;
  state: DehydratedState;
}

type Key = readonly unknown[];

const isSiteAnswer = (key: Key) =>
  key.length === 1 && (key[0] === 'settings' || key[0] === 'company' || key[0] === 'interests');

/** The member's own answers kept: who they are, the badges, the chats list, likes lists and searches. */
function isMemberAnswer(key: Key, member: number): boolean {
  const [head, a, b] = key;
  if (head === 'user' || head === 'counts') return key.length === 1;
  if (head === 'chats') return a === 'list';
  if (head === 'likes') return typeof a === 'string';
  // A search's key names its viewer: only this member's.
  return head === 'members' && key.length === 3 && b === member;
}

/** The member of the session as this browser knows it: an id, null for none, undefined while unknown. */
function sessionMember(queryClient: QueryClient): number | null | undefined {
  const answer = queryClient.getQueryData<TUserResponse>(['user']);
  return answer === undefined ? undefined : (answer.user?.id ?? null);
}

function read<T>(key: string): T | null {
  try {
    const text = localStorage.getItem(key);
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Full or unavailable storage: this browser starts offline without them.
  }
}

/** Answered queries as hydrate takes them; infinite lists keep their first page. */
function copy(queryClient: QueryClient, keep: (key: Key) => boolean): DehydratedState {
  const queries = queryClient
    .getQueryCache()
    .findAll({ predicate: (q) => q.state.status === 'success' && keep(q.queryKey) })
    .map((q: Query) => {
      const data = q.state.data as { pages?: unknown[]; pageParams?: unknown[] } | undefined;
      const first =
        data && Array.isArray(data.pages) && Array.isArray(data.pageParams)
          ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) }
          : data;
      return {
        queryKey: q.queryKey,
        queryHash: q.queryHash,
        ...(q.queryType ? { queryType: q.queryType } : {}),
        state: {
          ...q.state,
          data: first,
          error: null,
          fetchFailureReason: null,
          fetchStatus: 'idle' as const,
        },
        dehydratedAt: q.state.dataUpdatedAt,
      };
    });
  const searches = queries
    .filter((q) => q.queryKey[0] === 'members')
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)
    .slice(SEARCHES);
  return { mutations: [], queries: queries.filter((q) => !searches.includes(q)) } as DehydratedState;
}

/** Kept answers stay while offline, whatever no page has shown for a while. */
const KEEP_WHILE_OFFLINE = { defaultOptions: { queries: { gcTime: Number.POSITIVE_INFINITY } } };

/** Puts the member's kept answers in the cache; ones the cache has newer stay (hydrate's rule). */
function refill(queryClient: QueryClient, member: number | null | undefined) {
  const kept = read<MemberCopy>(MEMBER_COPY_KEY);
  if (kept && (member === undefined || member === kept.member))
    hydrate(queryClient, kept.state, KEEP_WHILE_OFFLINE);
}

/**
 * The shell opened without a network (main.tsx): the site's settings and the member's answers from the last
 * visit. Without a kept member the page starts as a visitor's; without kept settings the start fails as
 * before (main.tsx says so).
 */
export function restoreOffline(queryClient: QueryClient): void {
  const site = read<DehydratedState>(SITE_COPY_KEY);
  if (site) hydrate(queryClient, site, KEEP_WHILE_OFFLINE);
  refill(queryClient, undefined);
  if (sessionMember(queryClient) === undefined)
    queryClient.setQueryData<TUserResponse>(['user'], { user: null });
}

/**
 * Keeps the answers up to date in storage as they arrive (a second after the last, when the browser is
 * idle), forgets them when the session's member changes, and puts them back in the cache when the
 * connection drops (pages not shown for five minutes have left the cache by then).
 */
export function keepOffline(queryClient: QueryClient): () => void {
  let member = sessionMember(queryClient);
  if (member !== undefined && read<MemberCopy>(MEMBER_COPY_KEY)?.member !== member) forgetOfflineCopy();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    timer = undefined;
    write(SITE_COPY_KEY, copy(queryClient, isSiteAnswer));
    const id = sessionMember(queryClient);
    if (typeof id !== 'number') return;
    write(MEMBER_COPY_KEY, { member: id, state: copy(queryClient, (key) => isMemberAnswer(key, id)) });
  };
  const schedule = () => {
    if (timer !== undefined) return;
    timer = setTimeout(() => {
      if ('requestIdleCallback' in window) requestIdleCallback(save, { timeout: 2_000 });
      else save();
    }, SAVE_DELAY_MS);
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    const key = event.query.queryKey;
    if (key.length === 1 && key[0] === 'user') {
      const now = sessionMember(queryClient);
      if (typeof member === 'number' && now !== member) {
        // Logged out, or another member: nothing of the one before stays, in storage or in the cache.
        const before = member;
        forgetOfflineCopy();
        queryClient.removeQueries({
          predicate: (q) => q.queryKey[0] !== 'user' && isMemberAnswer(q.queryKey, before),
        });
      }
      member = now;
    }
    if (isSiteAnswer(key) || (typeof member === 'number' && isMemberAnswer(key, member))) schedule();
  });
  const onOffline = () => refill(queryClient, sessionMember(queryClient));
  window.addEventListener('offline', onOffline);
  schedule();
  return () => {
    unsubscribe();
    clearTimeout(timer);
    window.removeEventListener('offline', onOffline);
  };
}
