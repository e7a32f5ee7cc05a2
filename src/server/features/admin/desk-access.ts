// The chat desk's access (O-05): which conversations an operator may open and whether they hold one.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Locale, toLocale } from '../../../shared/i18n/locales.ts';
import { AppError } from '../../platform/errors.ts';
import { assertSite, currentStaff } from '../../platform/staff.ts';
import { DESK_ACTIONS, type DeskConversation, findDeskConversation, lastDeskAction } from './desk-queries.ts';

/** Who works the desk: operators (admins hold every role). */
export const OPERATOR = ['operator'] as const;

type Hold = 'claim' | 'followup' | null;

export const notFound = () => new AppError(404, 'not_found', 'admin.error.not_found');

/** The staff member's language for texts the desk shows (gift names). */
export const staffLocale = (req: FastifyRequest): Locale => toLocale(currentStaff(req).language) ?? 'nl';

/** The conversation, if it is one with a fictional profile on a site the operator works for. */
export async function conversationFor(app: FastifyInstance, req: FastifyRequest, id: number) {
  const conv = await findDeskConversation(app.db, id);
  if (!conv) throw notFound();
  assertSite(req, OPERATOR, conv.memberSiteId);
  return conv;
}

export const memberGone = (conv: DeskConversation) =>
  conv.memberStatus === 'banned' || conv.memberDeletedAt !== null;

/**
 * What this operator may do in the conversation: hold the waiting member's claim, or follow up on their
 * own answer (they answered within a claim's life and did not release it), or only look.
 */
export async function holdOf(app: FastifyInstance, conv: DeskConversation, staffId: number): Promise<Hold> {
  if (conv.waitingSince !== null && conv.claimedBy !== null)
    return conv.claimedBy === staffId ? 'claim' : null;
  if (conv.waitingSince !== null && conv.claimedBy === null) {
    // Waiting again after this operator's kept answer: theirs to claim, but they have not yet.
    return null;
  }
  const last = await lastDeskAction(app.db, conv.id);
  return last?.action === DESK_ACTIONS.answer && last.staffId === staffId && last.fresh ? 'followup' : null;
}
export { conversationFor as deskConversationFor };
