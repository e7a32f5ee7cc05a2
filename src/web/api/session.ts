import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { TSignupRequest, TUser, TUserResponse } from '../../shared/contract/accounts.ts';
import { forgetOfflineCopy } from '../offline/forget.ts';
import { call } from './client.ts';

/** The logged-in member, or null for a visitor (spec §7: GET /api/user.php). */
export const userQuery = {
  queryKey: ['user'],
  queryFn: () => call('GET /api/user.php'),
  staleTime: 30_000,
} as const;

export function useUser(): { user: TUser | null; isPending: boolean } {
  const query = useQuery(userQuery);
  return { user: query.data?.user ?? null, isPending: query.isPending };
}

/** Whether a member is logged in; false while the session is still being read. */
export function useLoggedIn(): boolean {
  return Boolean(useQuery(userQuery).data?.user);
}

/**
 * Puts a fresh user answer in the cache, so every layout and page sees it at once. No member (logout,
 * deletion, a ban, a lost session): what was kept of theirs for an offline start goes too (issue 27).
 */
export function setUser(queryClient: QueryClient, user: TUser | null) {
  if (!user) forgetOfflineCopy();
  queryClient.setQueryData<TUserResponse>(['user'], { user });
}

/** After logout, deletion or a ban: forget everything about the member, keep the site's settings. */
export function clearSession(queryClient: QueryClient) {
  const settings = queryClient.getQueryData(['settings']);
  void queryClient.cancelQueries();
  queryClient.clear();
  if (settings) queryClient.setQueryData(['settings'], settings);
  setUser(queryClient, null);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; password: string }) => call('POST /api/user.php', { body }),
    onSuccess: (res) => setUser(queryClient, res.user),
  });
}

let loggingOut = false;
/** True while a logout takes the member to the home page: `/` must not send them on to discovery. */
export const isLoggingOut = () => loggingOut;

/**
 * Logs out: the server ends the session, the member lands on the home page, and only then is the cache
 * cleared (a members-only page would otherwise send them to the login first).
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      try {
        await call('GET /api/logout.php');
      } catch {
        // Even when the server cannot be reached the member wanted out: forget the session here.
      }
      loggingOut = true;
      try {
        await navigate('/');
      } finally {
        loggingOut = false;
      }
      clearSession(queryClient);
    },
  });
}

export function useSignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['signup'],
    mutationFn: (body: TSignupRequest) => call('POST /api/signup', { body }),
    onSuccess: (res) => setUser(queryClient, res.user),
  });
}
