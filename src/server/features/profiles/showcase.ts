import { ONLINE_MINUTES, type TShowcaseResponse } from '../../../shared/contract/profiles.ts';
import type { Db } from '../../db/client.ts';
import { type CardContext, presentMemberCard } from '../../kernel/member-card.ts';
import { countShowcase, findShowcase } from './queries.ts';

export const SHOWCASE_SIZE = 12;

/**
 * The people on the home page (issue 11): real members of the site's countries with a public photo,
 * the most recently active first, and how many members and online members the site has.
 */
export async function getShowcase(db: Db, countries: string[], ctx: CardContext): Promise<TShowcaseResponse> {
  const onlineSince = new Date(ctx.now.getTime() - ONLINE_MINUTES * 60_000);
  const [rows, counts] = await Promise.all([
    findShowcase(db, countries, SHOWCASE_SIZE),
    countShowcase(db, countries, onlineSince),
  ]);
  return {
    members: rows.map((r) => presentMemberCard(r, ctx)),
    member_count: counts.members,
    online_count: counts.online,
  };
}
