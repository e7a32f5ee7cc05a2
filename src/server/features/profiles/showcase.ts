import { ONLINE_MINUTES, type TShowcaseResponse } from '../../../shared/contract/profiles.ts';
import type { Db } from '../../db/client.ts';
import { type CardContext, presentMemberCard } from '../../kernel/member-card.ts';
import { countShowcase, findShowcase } from './queries.ts';

export const SHOWCASE_SIZE = 12;

/**
 * The people on the home page (issue 11): fictional profiles and this site's members with an approved
 * public photo, of the site's countries, the visitor's own country first, then the most recently active, and how many members and online members the site has.
 */
export async function getShowcase(
  db: Db,
  site: { id: number; countries: string[] },
  firstCountry: string,
  ctx: CardContext,
): Promise<TShowcaseResponse> {
  const { countries } = site;
  const onlineSince = new Date(ctx.now.getTime() - ONLINE_MINUTES * 60_000);
  const [rows, counts] = await Promise.all([
    findShowcase(db, site, firstCountry, SHOWCASE_SIZE),
    countShowcase(db, countries, onlineSince),
  ]);
  return {
    members: rows.map((r) => presentMemberCard(r, ctx)),
    member_count: counts.members,
    online_count: counts.online,
  };
}
