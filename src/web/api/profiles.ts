import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TLocationRequest,
  TMemberResponse,
  TOwnProfileResponse,
  TUpdateProfileRequest,
} from '../../shared/contract/profiles.ts';
import { call } from './client.ts';

export const ownProfileQuery = {
  queryKey: ['profile'],
  queryFn: async () => (await call('GET /api/profile')).profile,
} as const;

export function useOwnProfile() {
  return useQuery(ownProfileQuery);
}

/** Profile answers replace the cached profile; the user (name in the navigation, country) follows. */
function useProfileAnswer() {
  const queryClient = useQueryClient();
  return (res: TOwnProfileResponse) => {
    queryClient.setQueryData(['profile'], res.profile);
    void queryClient.invalidateQueries({ queryKey: ['user'] });
    // Own search defaults (country, gender looked for) may have changed.
    void queryClient.invalidateQueries({ queryKey: ['members'] });
  };
}

export function useUpdateProfile() {
  const onAnswer = useProfileAnswer();
  return useMutation({
    mutationFn: (body: TUpdateProfileRequest) => call('PUT /api/profile', { body }),
    onSuccess: onAnswer,
  });
}

export function useSetLocation() {
  const onAnswer = useProfileAnswer();
  return useMutation({
    mutationFn: (body: TLocationRequest) => call('PUT /api/profile/location', { body }),
    onSuccess: onAnswer,
  });
}

export function useForgetLocation() {
  const onAnswer = useProfileAnswer();
  return useMutation({
    mutationFn: () => call('DELETE /api/profile/location'),
    onSuccess: onAnswer,
  });
}

/** The place at a position (M-07), asked with six decimals (about 10 cm): a plain number, no exponent. */
export function geocode(lat: number, lon: number) {
  return call('GET /api/geocode.php', {
    query: { lat: lat.toFixed(6), lon: lon.toFixed(6) },
  });
}

/** A member's page as this viewer sees it: the key names the viewer, so logging in shows more at once. */
export function memberQuery(id: number, viewerId: number | null) {
  return {
    queryKey: ['member', id, viewerId],
    queryFn: () => call('GET /api/members/:id', { params: { id } }),
  } as const;
}

export function useMember(id: number, viewerId: number | null, enabled = true) {
  return useQuery({ ...memberQuery(id, viewerId), enabled: enabled && Number.isInteger(id) && id > 0 });
}

export function useBlock(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (blocked: boolean) =>
      call(blocked ? 'POST /api/members/:id/block' : 'DELETE /api/members/:id/block', { params: { id } }),
    onSuccess: (res) => {
      queryClient.setQueriesData<TMemberResponse>({ queryKey: ['member', id] }, (old) =>
        old ? { ...old, profile: { ...old.profile, blocked_by_me: res.blocked } } : old,
      );
      // Search results and related strips leave blocked members out; the settings page lists them.
      void queryClient.invalidateQueries({ queryKey: ['members'] });
      void queryClient.invalidateQueries({ queryKey: ['blocks'] });
    },
  });
}
