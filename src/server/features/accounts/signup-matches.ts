import { ageOn } from '../../../shared/contract/accounts.ts';
import type { Db } from '../../db/client.ts';
import { findMatchOrigin, findSignupMatches } from './queries.ts';

export const SIGNUP_MATCHES_SHOWN = 12;

export interface SignupMatch {
  id: number;
  name: string;
  age: number | null;
  city: string | null;
  thumb_url: string | null;
}

/**
 * The first matches shown after signup: members of the new member's own country, with a photo first,
 * own region first, nearest first. Never members of another country (issue 10, bugs met on the way).
 */
export async function getSignupMatches(
  db: Db,
  userId: number,
  ctx: { cdnPrefix: string; now: Date },
): Promise<{ profiles: SignupMatch[] }> {
  const origin = await findMatchOrigin(db, userId);
  if (!origin) return { profiles: [] };
  const rows = await findSignupMatches(db, userId, origin, SIGNUP_MATCHES_SHOWN);
  return {
    profiles: rows.map((r) => ({
      id: r.id,
      name: r.name,
      age: ageOn(r.dateOfBirth, ctx.now),
      city: r.city,
      thumb_url: r.thumbFilename ? `${ctx.cdnPrefix}/media/${r.thumbFilename}` : null,
    })),
  };
}
