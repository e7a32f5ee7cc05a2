import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import type { Api, ApiKey } from '../../shared/contract/api.ts';
import type { AnswerOf, BodyIn, EndpointDef, ParamsOf, QueryIn } from '../../shared/contract/endpoint.ts';
import { RULES } from '../../shared/rules.ts';

/** The header that marks a request as coming from our own client (spec §7). */
export const CLIENT_HEADER = 'x-vonk-client';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly url: string;
  readonly authenticationRequired: boolean;
  readonly fields: Record<string, string>;

  constructor(status: number, url: string, body: unknown) {
    const err = (body as { error?: Record<string, unknown> } | null)?.error ?? {};
    super(typeof err.message === 'string' ? err.message : `HTTP ${status}`);
    this.status = status;
    this.url = url;
    this.code = typeof err.code === 'string' ? err.code : 'http_error';
    this.authenticationRequired = err.authentication_required === true;
    this.fields = (err.fields as Record<string, string> | undefined) ?? {};
  }
}

type Fetcher = (url: string, init: RequestInit) => Promise<Response>;
let currentFetch: () => Fetcher = () => fetch;

/**
 * On the server, a page's render asks the API in-process with the visitor's own cookies and address
 * (entry-server.tsx gives the fetcher of the request being rendered); in the browser it is `fetch`.
 */
export function setApiFetch(fetcher: () => Fetcher): void {
  currentFetch = fetcher;
}

export async function api<T>(url: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  const res = await currentFetch()(url, {
    credentials: 'same-origin',
    ...rest,
    headers: {
      accept: 'application/json',
      [CLIENT_HEADER]: 'web',
      ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: json !== undefined ? JSON.stringify(json) : rest.body,
  });
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!res.ok) throw new ApiError(res.status, url, body);
  return body as T;
}

/** A part may be left out when the endpoint has none, or when every field of it is optional. */
type Part<Name extends string, T> = undefined extends T
  ? { [K in Name]?: T }
  : Partial<T> extends T
    ? { [K in Name]?: T }
    : { [K in Name]: T };
/** What a call gives besides the key: the endpoint's params, query and body, each only when it has one. */
export type CallArgs<E extends EndpointDef> = Part<'params', ParamsOf<E>> &
  Part<'query', QueryIn<E>> &
  Part<'body', BodyIn<E>> & { signal?: AbortSignal; headers?: Record<string, string>; keepalive?: boolean };
/** The body a caller gives an endpoint, e.g. a mutation's variables. */
export type CallBody<K extends ApiKey> = BodyIn<Api[K]>;
type Rest<E extends EndpointDef> =
  Record<string, never> extends CallArgs<E> ? [args?: CallArgs<E>] : [args: CallArgs<E>];

/** The URL of an endpoint: its path with the params filled in, and the query's defined values. */
export function endpointUrl(path: string, params?: object, query?: object): string {
  const filled = path.replace(/:(\w+)/g, (_m, name: string) =>
    encodeURIComponent(String((params as Record<string, unknown> | undefined)?.[name])),
  );
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    for (const v of Array.isArray(value) ? value : [value]) search.append(name, String(v));
  }
  const qs = search.toString();
  return qs ? `${filled}?${qs}` : filled;
}

/**
 * Calls one endpoint of the contract (issue 22, scope 5): `call('DELETE /api/members/:id/block', { params:
 * { id } })`. The key names the method and path; params, query, body and answer are typed from the
 * endpoint's schemas, which stay on the server (only their types are imported here).
 */
export function call<K extends ApiKey>(key: K, ...[args]: Rest<Api[K]>): Promise<AnswerOf<Api[K]>> {
  const { url, init } = callRequest(key, args);
  return api<AnswerOf<Api[K]>>(url, init);
}

/** The address and request of a call (what `call` sends), also for a client with its own fetch (the back office). */
export function callRequest(key: string, args?: object) {
  const space = key.indexOf(' ');
  const a = (args ?? {}) as {
    params?: object;
    query?: object;
    body?: unknown;
    signal?: AbortSignal;
    headers?: Record<string, string>;
    keepalive?: boolean;
  };
  return {
    url: endpointUrl(key.slice(space + 1), a.params, a.query),
    init: {
      method: key.slice(0, space),
      ...(a.body !== undefined ? { json: a.body } : {}),
      ...(a.signal ? { signal: a.signal } : {}),
      ...(a.headers ? { headers: a.headers } : {}),
      ...(a.keepalive ? { keepalive: true } : {}),
    },
  };
}

/** Network failures, 5xx and 429 are worth another try; a 4xx answer will not change (P-04). */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= RULES.requestRetries) return false;
  if (error instanceof ApiError) return error.status >= 500 || error.status === 429;
  return true;
}

/** 1 s, 2 s, 4 s, 8 s, 16 s: exponential, capped at 30 s. */
export const retryDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000);

/** A 403 that asks for authentication, from anything but user.php, means the session is gone (P-05). */
export function isSessionLost(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 403 &&
    error.authenticationRequired &&
    !error.url.includes('/api/user.php')
  );
}

/** A 403 with code 'banned', from any call: the member is banned and goes to /pages/ban. */
export function isBanned(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.code === 'banned';
}

export function createQueryClient(onSessionLost: () => void, onBanned?: () => void): QueryClient {
  const onError = (error: unknown) => {
    if (isBanned(error)) onBanned?.();
    else if (isSessionLost(error)) onSessionLost();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: { retry: shouldRetry, retryDelay, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
