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
