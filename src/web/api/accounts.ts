import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { NotificationType, TUser, TUserResponse } from '../../shared/contract/accounts.ts';
import type { RetentionKind } from '../../shared/contract/accounts-api.ts';
import { type CallBody, call } from './client.ts';
import { uploadPhoto as uploadWithProgress } from './photos.ts';
import { clearSession, setUser } from './session.ts';

/** Mutations that answer the user put it straight into the cache. */
function useUserMutation<V>(fn: (vars: V) => Promise<TUserResponse>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: (res) => setUser(queryClient, res.user) });
}

/** Marks a signup step done (with the about-me answers of steps 2-4); the answer says the next step. */
export function useSignupStep() {
  return useUserMutation((body: CallBody<'PUT /api/signup/step'>) => call('PUT /api/signup/step', { body }));
}

export function useResendActivation() {
  return useMutation({
    mutationFn: () => call('POST /api/activation/resend'),
  });
}

/** A new activation mail for the link that just failed (its token waits in a cookie only this call sees). */
export function useResendActivationLink() {
  return useMutation({
    mutationFn: () => call('POST /api/activation/resend-link'),
  });
}

export function useRequestReset() {
  return useMutation({
    mutationFn: (body: CallBody<'POST /api/password-reset'>) => call('POST /api/password-reset', { body }),
  });
}

export function useDoReset() {
  return useUserMutation((body: CallBody<'POST /api/password-reset/do'>) =>
    call('POST /api/password-reset/do', { body }),
  );
}

/**
 * Confirms a new address. The answer has the user only when this browser is logged in as that member
 * (the link may be opened anywhere); a null must not log out whoever is logged in here.
 */
export function useMailChangeDo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallBody<'POST /api/mail-change/do'>) => call('POST /api/mail-change/do', { body }),
    onSuccess: (res) => {
      if (res.user) setUser(queryClient, res.user);
    },
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: CallBody<'PUT /api/account/password'>) => call('PUT /api/account/password', { body }),
  });
}

export function useChangeEmail() {
  return useMutation({
    mutationFn: (body: CallBody<'PUT /api/account/email'>) => call('PUT /api/account/email', { body }),
  });
}

/**
 * Switches save at once: the cache changes first (the switch moves under the finger), the server's
 * answer replaces it, and a failure puts the old user back.
 */
function useOptimisticUser<V>(
  send: (vars: V) => Promise<TUserResponse>,
  apply: (user: TUser, vars: V) => TUser,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onMutate: async (vars: V) => {
      await queryClient.cancelQueries({ queryKey: ['user'] });
      const before = queryClient.getQueryData<TUserResponse>(['user']);
      if (before?.user) setUser(queryClient, apply(before.user, vars));
      return { before };
    },
    onError: (_err, _vars, context) => {
      // Put the old user back, unless the failure ended the session (then there is nobody to restore).
      const now = queryClient.getQueryData<TUserResponse>(['user']);
      if (context?.before && now?.user) queryClient.setQueryData(['user'], context.before);
    },
    onSuccess: (res) => setUser(queryClient, res.user),
  });
}

export function useNotificationSettings() {
  return useOptimisticUser(
    (settings: Partial<Record<NotificationType, boolean>>) =>
      call('PUT /api/account/notifications', { body: { notification_settings: settings } }),
    (user, settings) => ({
      ...user,
      notification_settings: { ...user.notification_settings, ...settings },
    }),
  );
}

/** Turns e-mail back on after a bounce, a spam report or an unsubscribe link (N-04). */
export function useEnableEmail() {
  return useOptimisticUser(
    () => call('PUT /api/account/email/enable'),
    (user) => ({ ...user, notifications_disabled: [] }),
  );
}

export function usePrivacy() {
  return useOptimisticUser(
    (invisible: boolean) => call('PUT /api/account/privacy', { body: { invisible } }),
    (user, invisible) => ({ ...user, invisible }),
  );
}

export function useLocationOptions() {
  return useOptimisticUser(
    (options: TUser['location_options']) => call('PUT /api/account/location', { body: options }),
    (user, options) => ({ ...user, location_options: options }),
  );
}

export function useRetention(enabled: boolean) {
  return useQuery({
    queryKey: ['retention'],
    queryFn: async () => (await call('GET /api/account/retention')).solutions,
    enabled,
  });
}

export function useAcceptRetention() {
  return useUserMutation((kind: RetentionKind) => call('POST /api/account/retention', { body: { kind } }));
}

/** Deletes the account; the member lands on `to` before the session is forgotten (see useLogout). */
export function useDeleteAccount(to: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (body: CallBody<'DELETE /api/account'>) => call('DELETE /api/account', { body }),
    onSuccess: async () => {
      await navigate(to, { replace: true });
      clearSession(queryClient);
    },
  });
}

export function useSignupMatches(enabled: boolean) {
  return useQuery({
    queryKey: ['signup-matches'],
    queryFn: async () => (await call('GET /api/signup-matches')).profiles,
    enabled,
  });
}

/** Uploads one photo with progress (signup step 1); see photos.ts. */
export function uploadPhoto(
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<unknown> {
  return uploadWithProgress(file, { onProgress, signal });
}
