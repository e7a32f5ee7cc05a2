import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type {
  DELETE_REASONS,
  NotificationType,
  TAboutMe,
  TUser,
  TUserResponse,
} from '../../shared/contract/accounts.ts';
import { api } from './client.ts';
import { uploadPhoto as uploadWithProgress } from './photos.ts';
import { clearSession, setUser } from './session.ts';

type Ok = { ok: true };
type UserAnswer = { user: TUser };
export type RetentionKind = 'invisible' | 'pause_email' | 'discount';
export interface RetentionSolution {
  kind: RetentionKind;
  percentage?: number;
}
export interface SignupMatch {
  id: number;
  name: string;
  age: number | null;
  city: string | null;
  thumb_url: string | null;
  /** Rounded distance (M-10), when both have a position. */
  distance: { km: number; less_than: boolean } | null;
}

/** Mutations that answer the user put it straight into the cache. */
function useUserMutation<V>(fn: (vars: V) => Promise<UserAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: (res) => setUser(queryClient, res.user) });
}

/** Marks a signup step done (with the about-me answers of steps 2-4); the answer says the next step. */
export function useSignupStep() {
  return useUserMutation((body: { step: number; about?: TAboutMe }) =>
    api<UserAnswer>('/api/signup/step', { method: 'PUT', json: body }),
  );
}

export function useResendActivation() {
  return useMutation({
    mutationFn: () => api<Ok>('/api/activation/resend', { method: 'POST', json: {} }),
  });
}

/** A new activation mail for the link that just failed (its token waits in a cookie only this call sees). */
export function useResendActivationLink() {
  return useMutation({
    mutationFn: () => api<Ok>('/api/activation/resend-link', { method: 'POST', json: {} }),
  });
}

export function useRequestReset() {
  return useMutation({
    mutationFn: (body: { email: string }) => api<Ok>('/api/password-reset', { method: 'POST', json: body }),
  });
}

export function useDoReset() {
  return useUserMutation((body: { token: string; password: string; password_confirm: string }) =>
    api<UserAnswer>('/api/password-reset/do', { method: 'POST', json: body }),
  );
}

/**
 * Confirms a new address. The answer has the user only when this browser is logged in as that member
 * (the link may be opened anywhere); a null must not log out whoever is logged in here.
 */
export function useMailChangeDo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { token: string }) =>
      api<TUserResponse>('/api/mail-change/do', { method: 'POST', json: body }),
    onSuccess: (res) => {
      if (res.user) setUser(queryClient, res.user);
    },
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { old_password: string; password: string; password_confirm: string }) =>
      api<Ok>('/api/account/password', { method: 'PUT', json: body }),
  });
}

export function useChangeEmail() {
  return useMutation({
    mutationFn: (body: { email: string; password: string }) =>
      api<Ok>('/api/account/email', { method: 'PUT', json: body }),
  });
}

/**
 * Switches save at once: the cache changes first (the switch moves under the finger), the server's
 * answer replaces it, and a failure puts the old user back.
 */
function useOptimisticUser<V>(
  url: string,
  apply: (user: TUser, vars: V) => TUser,
  body: (vars: V) => unknown,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: V) => api<UserAnswer>(url, { method: 'PUT', json: body(vars) }),
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
    '/api/account/notifications',
    (user, settings: Partial<Record<NotificationType, boolean>>) => ({
      ...user,
      notification_settings: { ...user.notification_settings, ...settings },
    }),
    (settings) => ({ notification_settings: settings }),
  );
}

/** Turns e-mail back on after a bounce, a spam report or an unsubscribe link (N-04). */
export function useEnableEmail() {
  return useOptimisticUser(
    '/api/account/email/enable',
    (user) => ({ ...user, notifications_disabled: [] }),
    () => ({}),
  );
}

export function usePrivacy() {
  return useOptimisticUser(
    '/api/account/privacy',
    (user, invisible: boolean) => ({ ...user, invisible }),
    (invisible) => ({ invisible }),
  );
}

export function useLocationOptions() {
  return useOptimisticUser(
    '/api/account/location',
    (user, options: TUser['location_options']) => ({ ...user, location_options: options }),
    (options) => options,
  );
}

export function useRetention(enabled: boolean) {
  return useQuery({
    queryKey: ['retention'],
    queryFn: async () => (await api<{ solutions: RetentionSolution[] }>('/api/account/retention')).solutions,
    enabled,
  });
}

export function useAcceptRetention() {
  return useUserMutation((kind: RetentionKind) =>
    api<UserAnswer>('/api/account/retention', { method: 'POST', json: { kind } }),
  );
}

/** Deletes the account; the member lands on `to` before the session is forgotten (see useLogout). */
export function useDeleteAccount(to: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (body: { password: string; reasons: (typeof DELETE_REASONS)[number][]; comment: string }) =>
      api<Ok>('/api/account', { method: 'DELETE', json: body }),
    onSuccess: async () => {
      await navigate(to, { replace: true });
      clearSession(queryClient);
    },
  });
}

export function useSignupMatches(enabled: boolean) {
  return useQuery({
    queryKey: ['signup-matches'],
    queryFn: async () => (await api<{ profiles: SignupMatch[] }>('/api/signup-matches')).profiles,
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
