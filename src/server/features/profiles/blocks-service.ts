import { BLOCKS, type TBlockListResponse } from '../../../shared/contract/blocks.ts';
import type { Db } from '../../db/client.ts';
import { type CardContext, presentMemberCard } from '../../kernel/member-card.ts';
import { findBlockedMembers } from './queries.ts';

/**
 * The members I blocked (M-06), newest block first, capped at BLOCKS.listMax. Members no longer listed
 * (invisible, banned, not activated) stay so they can be unblocked, but show neither photo nor online
 * state: the blocker has no more right to see those than anyone else.
 */
export async function listMyBlocks(db: Db, blockerId: number, ctx: CardContext): Promise<TBlockListResponse> {
  const rows = await findBlockedMembers(db, blockerId, BLOCKS.listMax);
  return {
    members: rows.map((row) => {
      const card = presentMemberCard(row, ctx);
      return row.listed
        ? { ...card, profile_available: true }
        : { ...card, thumb_url: null, online: false, profile_available: false };
    }),
    total: rows[0]?.total ?? 0,
  };
}
