import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PHOTO_UPLOAD, type TPhoto, type TPhotoList } from '../../shared/contract/photos.ts';
import { ApiError, api, CLIENT_HEADER } from './client.ts';

export const photosQuery = {
  queryKey: ['photos'],
  queryFn: () => api<TPhotoList>('/api/photos'),
} as const;

export function usePhotos() {
  return useQuery(photosQuery);
}

/**
 * Uploads one photo as multipart field `photo` (and `is_private`) with progress: XMLHttpRequest, because
 * fetch cannot report upload progress yet. Rejects with an ApiError carrying the server's message.
 */
export function uploadPhoto(
  file: File,
  opts: { onProgress?: (fraction: number) => void; signal?: AbortSignal; isPrivate?: boolean } = {},
): Promise<TPhoto> {
  return new Promise((resolve, reject) => {
    const url = '/api/photos';
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader(CLIENT_HEADER, 'web');
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) opts.onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        opts.onProgress?.(1);
        resolve(body as TPhoto);
      } else reject(new ApiError(xhr.status, url, body));
    };
    xhr.onerror = () => reject(new TypeError('Failed to fetch'));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    opts.signal?.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    if (opts.isPrivate) form.append(PHOTO_UPLOAD.privateField, 'true');
    form.append(PHOTO_UPLOAD.field, file);
    xhr.send(form);
  });
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
