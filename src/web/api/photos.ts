import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PHOTO_UPLOAD } from '../../shared/contract/photo-upload.ts';
import type { TPhoto, TPhotoList } from '../../shared/contract/photos.ts';
import { api } from './client.ts';
import { uploadForm } from './upload.ts';

export const photosQuery = {
  queryKey: ['photos'],
  queryFn: () => api<TPhotoList>('/api/photos'),
} as const;

export function usePhotos() {
  return useQuery(photosQuery);
}

/** Uploads one photo as multipart field `photo` (and `is_private`) with progress (M-03). */
export function uploadPhoto(
  file: File,
  opts: { onProgress?: (fraction: number) => void; signal?: AbortSignal; isPrivate?: boolean } = {},
): Promise<TPhoto> {
  const form = new FormData();
  if (opts.isPrivate) form.append(PHOTO_UPLOAD.privateField, 'true');
  form.append(PHOTO_UPLOAD.field, file);
  return uploadForm<TPhoto>('/api/photos', form, opts);
}

/** Photo changes move the main image, which the navigation avatar and the own profile show too. */
function useAfterPhotoChange() {
  const queryClient = useQueryClient();
  return (list?: TPhotoList) => {
    if (list) queryClient.setQueryData(['photos'], list);
    else void queryClient.invalidateQueries({ queryKey: ['photos'] });
    void queryClient.invalidateQueries({ queryKey: ['user'] });
    void queryClient.invalidateQueries({ queryKey: ['profile'] });
  };
}

export function useUploaded() {
  return useAfterPhotoChange();
}

export function useSetMainPhoto() {
  const after = useAfterPhotoChange();
  return useMutation({
    mutationFn: (id: number) => api<TPhotoList>('/api/photos/main', { method: 'PUT', json: { id } }),
    onSuccess: (list) => after(list),
  });
}

/** Reorders at once in the cache (the photo moves under the finger); a failure reloads the list. */
export function useReorderPhotos() {
  const queryClient = useQueryClient();
  const after = useAfterPhotoChange();
  return useMutation({
    mutationFn: (ids: number[]) => api<TPhotoList>('/api/photos/order', { method: 'PUT', json: { ids } }),
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: ['photos'] });
      const before = queryClient.getQueryData<TPhotoList>(['photos']);
      if (before) {
        const byId = new Map(before.photos.map((p) => [p.id, p]));
        const photos = ids.map((id) => byId.get(id)).filter((p): p is TPhoto => Boolean(p));
        queryClient.setQueryData<TPhotoList>(['photos'], { ...before, photos });
      }
    },
    onSuccess: (list) => after(list),
    onError: () => after(),
  });
}

export function usePhotoPrivacy() {
  const after = useAfterPhotoChange();
  return useMutation({
    mutationFn: (vars: { id: number; isPrivate: boolean }) =>
      api<TPhoto>(`/api/photos/${vars.id}/privacy`, {
        method: 'PUT',
        json: { is_private: vars.isPrivate },
      }),
    // Privacy can move the main image to another photo: read the whole list again.
    onSuccess: () => after(),
  });
}

export function useDeletePhoto() {
  const after = useAfterPhotoChange();
  return useMutation({
    mutationFn: (id: number) => api<TPhotoList>(`/api/photos/${id}`, { method: 'DELETE' }),
    onSuccess: (list) => after(list),
  });
}
