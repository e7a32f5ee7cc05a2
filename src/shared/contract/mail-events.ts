import { z } from 'zod';
import { zLine } from './text.ts';

/**
 * A report of the mail provider (N-04): a bounce (permanent unless `permanent: false`) or a complaint
 * (the recipient marked the mail as spam: a feedback-loop report, "fbl").
 */
export const ZMailEvent = z.object({
  type: z.enum(['bounce', 'complaint']),
  email: zLine(320, { form: 'none' }),
  permanent: z.boolean().optional(),
});

/** The body of `POST /api/mail/events`: up to 100 reports at once. */
export const ZMailEventsRequest = z.object({ events: z.array(ZMailEvent).min(1).max(100) });
export type TMailEvent = z.infer<typeof ZMailEvent>;
