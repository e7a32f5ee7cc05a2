import { z } from 'zod';
import { ZEmail } from './accounts.ts';
import { ZId } from './ids.ts';
import { zLine, zMultiline } from './text.ts';

/** What a complaint is about (L-09); `profile` is what "Profiel melden" on a member's page sends. */
export const COMPLAINT_TOPICS = ['profile', 'message', 'payment', 'privacy', 'technical', 'other'] as const;
export type ComplaintTopic = (typeof COMPLAINT_TOPICS)[number];

export const COMPLAINT_MESSAGE = { min: 10, max: 4000 } as const;

export const ZComplaintRequest = z.object({
  /** Made by the form once per complaint: the same complaint sent again is stored once. */
  client_id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, { message: 'error.invalid_field' }),
  name: zLine(80, { min: 1, minMessage: 'complaints.name_required' }),
  email: ZEmail,
  topic: z.enum(COMPLAINT_TOPICS, { message: 'complaints.topic_required' }),
  /** The member it is about, if any (from the member's page). */
  member_id: ZId.nullable().optional(),
  message: zMultiline(COMPLAINT_MESSAGE.max, {
    min: COMPLAINT_MESSAGE.min,
    minMessage: 'complaints.message_short',
  }),
});
export type TComplaintRequest = z.infer<typeof ZComplaintRequest>;

export const ZComplaintResponse = z.object({
  /** What the sender quotes in later mail, e.g. "K-000042". */
  reference: z.string(),
});
export type TComplaintResponse = z.infer<typeof ZComplaintResponse>;

/** The reference a complaint is known by, to its sender and to support. */
export const complaintReference = (id: number) => `K-${String(id).padStart(6, '0')}`;
