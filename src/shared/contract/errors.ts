import { z } from 'zod';

/** The one error shape of every API answer that is not a success (DESIGN §4). */
export const ZErrorResponse = z.object({
  error: z
    .object({
      code: z.string(),
      message: z.string(),
      authentication_required: z.boolean().optional(),
      fields: z.record(z.string(), z.string()).optional(),
    })
    .passthrough(),
});
export type TErrorResponse = z.infer<typeof ZErrorResponse>;

/**
 * The error answers of a route's schema, one entry per status (`response: { 200: …, ...errorResponses(400,
 * 404) }`): every route file declares its statuses with this instead of its own map.
 */
export function errorResponses<const S extends number>(...statuses: S[]): Record<S, typeof ZErrorResponse> {
  return Object.fromEntries(statuses.map((s) => [s, ZErrorResponse])) as Record<S, typeof ZErrorResponse>;
}
