import type { Api, ApiKey } from '../../shared/contract/api.ts';
import type { AnswerOf, ParamsOf } from '../../shared/contract/endpoint.ts';
import { ApiError, CLIENT_HEADER, endpointUrl } from './client.ts';

type UploadOptions = { onProgress?: (fraction: number) => void; signal?: AbortSignal };

/** Uploads a form to an endpoint of the contract, with progress: its URL and answer come from the key. */
export function uploadTo<K extends ApiKey>(
  key: K,
  form: FormData,
  opts: UploadOptions & { params?: ParamsOf<Api[K]> } = {},
): Promise<AnswerOf<Api[K]>> {
  const { params, ...rest } = opts;
  return uploadForm(endpointUrl(key.slice(key.indexOf(' ') + 1), params as object | undefined), form, rest);
}

/**
 * POSTs a multipart form with upload progress: XMLHttpRequest, because fetch cannot report upload progress
 * yet. Rejects with an ApiError carrying the server's message, a TypeError when the network failed.
 */
export function uploadForm<T>(url: string, form: FormData, opts: UploadOptions = {}): Promise<T> {
  return new Promise((resolve, reject) => {
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
        resolve(body as T);
      } else reject(new ApiError(xhr.status, url, body));
    };
    xhr.onerror = () => reject(new TypeError('Failed to fetch'));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    opts.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}
