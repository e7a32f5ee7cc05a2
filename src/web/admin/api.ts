import type { z } from 'zod';
import type { TAdminMe } from '../../shared/contract/admin-staff.ts';
import type { Api, ApiKey } from '../../shared/contract/api.ts';
import type { AnswerOf, EndpointDef } from '../../shared/contract/endpoint.ts';
import { type CallArgs, callRequest, endpointUrl } from '../api/client.ts';

/** The back office's calls to `/api/admin` (issue 23). The staff cookie is sent only there (its path). */

export class AdminApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;
  readonly details: Record<string, unknown>;
  /** The second factor was asked for already for this call (and not given): nobody asks again. */
  stepUpAsked = false;

  constructor(
    status: number,
    body: { code?: string; message?: string; fields?: Record<string, string> } & Record<string, unknown>,
  ) {
    super(body.message ?? `HTTP ${status}`);
    this.status = status;
    this.code = body.code ?? 'unknown';
    this.fields = body.fields;
    this.details = body;
  }
}

/** The back office's locale also goes to the server, so its error texts come in the same language. */
let locale = 'nl';
export const setApiLocale = (next: string) => {
  locale = next;
};

/**
 * Asks for the second factor again (the layout's step-up dialog, step-up.tsx); true once it passed. Every
 * call answered `step_up_required` asks it and is sent once more, so no screen has to wrap its calls.
 */
let askStepUp: (() => Promise<boolean>) | null = null;
export const setStepUpAsk = (ask: (() => Promise<boolean>) | null) => {
  askStepUp = ask;
};

export async function adminFetch<T>(
  path: string,
  init: RequestInit & { json?: unknown; stepUpAsked?: boolean } = {},
): Promise<T> {
  const { json, headers, stepUpAsked, ...rest } = init;
  const res = await fetch(path.startsWith('/api/') ? path : `/api/admin${path}`, {
    credentials: 'same-origin',
    ...rest,
    headers: {
      accept: 'application/json',
      'accept-language': locale,
      ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
  });
  if (res.status === 204) return undefined as T;
  const body = (await res.json().catch(() => ({}))) as { error?: Record<string, unknown> } & T;
  if (!res.ok) {
    const error = new AdminApiError(res.status, (body.error ?? {}) as Record<string, unknown>);
    if (error.code === 'step_up_required' && !stepUpAsked && askStepUp) {
      if (await askStepUp()) return adminFetch<T>(path, { ...init, stepUpAsked: true });
      error.stepUpAsked = true;
    }
    throw error;
  }
  return body as T;
}

/** An endpoint's query as the caller writes it: defaults may be left out (a list's filters). */
export type AdminQuery<K extends ApiKey> = QueryIn<Api[K]>;
type QueryIn<E extends EndpointDef> = E['query'] extends z.ZodType ? z.input<E['query']> : undefined;
type QueryPart<E extends EndpointDef> = E['query'] extends z.ZodType
  ? Record<string, never> extends z.input<E['query']>
    ? { query?: z.input<E['query']> }
    : { query: z.input<E['query']> }
  : { query?: undefined };
type AdminArgs<E extends EndpointDef> = Omit<CallArgs<E>, 'query'> & QueryPart<E>;
type Rest<E extends EndpointDef> =
  Record<string, never> extends AdminArgs<E> ? [args?: AdminArgs<E>] : [args: AdminArgs<E>];

/**
 * Calls one endpoint of the contract as `call` does (web/api/client.ts, issue 22 scope 5), through
 * `adminFetch`: the back office's own errors, locale and step-up retry.
 */
export function adminCall<K extends ApiKey>(key: K, ...[args]: Rest<Api[K]>): Promise<AnswerOf<Api[K]>> {
  const { url, init } = callRequest(key, args);
  return adminFetch<AnswerOf<Api[K]>>(url, init);
}

/** The address of an endpoint with its params, for what is not a fetch (an EventSource, a link). */
export function adminUrl<K extends ApiKey>(key: K, params?: object, query?: object): string {
  return endpointUrl(key.slice(key.indexOf(' ') + 1), params, query);
}

export const isStaffRequired = (err: unknown) =>
  err instanceof AdminApiError && err.code === 'staff_required';
export const isStepUpRequired = (err: unknown) =>
  err instanceof AdminApiError && err.code === 'step_up_required';

export type AdminMe = TAdminMe;
export type StaffRole = TAdminMe['grants'][number]['role'];

/** Whether `me` holds one of `roles` (admin holds all). */
export const can = (me: AdminMe | undefined, roles: readonly StaffRole[]) =>
  !!me?.grants.some((g) => g.role === 'admin' || roles.includes(g.role));
