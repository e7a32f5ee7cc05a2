import type { z } from 'zod';

/**
 * One API endpoint, declared once (issue 22, scope 5). Its key is `METHOD /path` with `:name` for each
 * path parameter, e.g. `'DELETE /api/members/:id/block'`; the server registers the route from it
 * (`platform/route.ts`) and the web calls it through `call(key, …)` (`web/api/client.ts`), which imports
 * the endpoint list as a type only, so no schema reaches the browser's bundle.
 */
export interface EndpointDef {
  /** One line for the API's documentation, with the capability IDs it serves. */
  summary: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The success answer. `null` for an endpoint that answers something other than JSON (a redirect, a file). */
  answer: z.ZodType | null;
  /** The success status when it is not 200. */
  status?: 201 | 202 | 204;
  /** The status of a retry that answers what the first request stored (a send with a known client id). */
  replayStatus?: 200;
  /** The body's media types when it is not JSON (a multipart upload, read by the handler itself). */
  consumes?: readonly string[];
  /** The statuses it answers with the one error shape (errors.ts); 400, 403, 404, 422 and 429 when left out. */
  errors?: readonly number[];
  /** Left out of the API's documentation: a page for people, such as a mail's unsubscribe link. */
  hidden?: boolean;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type EndpointKey = `${Method} /api/${string}`;
export type EndpointGroup = Record<EndpointKey, EndpointDef>;

/** A feature's endpoints, each under one documentation tag. */
export interface Endpoints<T extends EndpointGroup = EndpointGroup> {
  tag: string;
  list: T;
}

/**
 * A group of endpoints. Mark the call with a `@__PURE__` comment: the browser imports the contract files for
 * their types and constants, and the annotation lets its bundle drop the group it never reads.
 */
export function endpoints<const T extends EndpointGroup>(tag: string, list: T): Endpoints<T> {
  return { tag, list };
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type In<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What the server's handler gets and the browser's caller gives, per endpoint. */
export type ParamsOf<E extends EndpointDef> = Out<E['params']>;
export type QueryOf<E extends EndpointDef> = Out<E['query']>;
/** The query as the caller writes it (defaults may be left out). */
export type QueryIn<E extends EndpointDef> = In<E['query']>;
/** The body as the caller writes it (defaults may be left out). */
export type BodyIn<E extends EndpointDef> = In<E['body']>;
/** The body as the handler reads it, after parsing. */
export type BodyOf<E extends EndpointDef> = Out<E['body']>;
/** The answer as the browser reads it. */
export type AnswerOf<E extends EndpointDef> = E['answer'] extends z.ZodType ? z.output<E['answer']> : unknown;
/** The answer as a handler may return it (before the serializer applies the schema). */
export type AnswerIn<E extends EndpointDef> = E['answer'] extends z.ZodType ? z.input<E['answer']> : unknown;

/** Splits a key into its method and path. */
export function methodAndPath(key: string): { method: Method; path: string } {
  const space = key.indexOf(' ');
  return { method: key.slice(0, space) as Method, path: key.slice(space + 1) };
}
