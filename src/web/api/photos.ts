import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PHOTO_UPLOAD } from '../../shared/contract/photo-upload.ts';
import type { TPhoto, TPhotoList } from '../../shared/contract/photos.ts';
import { call } from './client.ts';
import { uploadTo } from './upload.ts';

export const photosQuery = {
  queryKey: ['photos'],
  queryFn: () => call('GET /api/photos'),
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
  return uploadTo('POST /api/photos', form, opts);
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
    mutationFn: (id: number) => call('PUT /api/photos/main', { body: { id } }),
    onSuccess: (list) => after(list),
  });
}

/** Reorders at once in the cache (the photo moves under the finger); a failure reloads the list. */
export function useReorderPhotos() {
  const queryClient = useQueryClient();
  const after = useAfterPhotoChange();
  return useMutation({
    mutationFn: (ids: number[]) => call('PUT /api/photos/order', { body: { ids } }),
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
      call('PUT /api/photos/:id/privacy', { params: { id: vars.id }, body: { is_private: vars.isPrivate } }),
    // Privacy can move the main image to another photo: read the whole list again.
    onSuccess: () => after(),
  });
}

export function useDeletePhoto() {
  const after = useAfterPhotoChange();
  return useMutation({
    mutationFn: (id: number) => call('DELETE /api/photos/:id', { params: { id } }),
    onSuccess: (list) => after(list),
  });
}
