import { ageOn } from '../../../shared/contract/accounts.ts';
import type { TSignupMatchesResponse } from '../../../shared/contract/accounts-api.ts';
import type { Db } from '../../db/client.ts';
import { distanceKm, presentDistance } from '../../platform/geo.ts';
import { findMatchOrigin, findSignupMatches } from './queries.ts';

export const SIGNUP_MATCHES_SHOWN = 12;

/**
 * The members shown after signup, "Leden bij jou in de buurt" (A-11, issue 11): members of the new member's
 * own country, with a photo first, then nearest first. Never members of another country (issue 10, bugs met on the way).
 */
export async function getSignupMatches(
  db: Db,
  userId: number,
  ctx: { cdnPrefix: string; now: Date },
): Promise<TSignupMatchesResponse> {
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
      distance:
        origin.lat !== null && origin.lon !== null && r.lat !== null && r.lon !== null
          ? presentDistance(distanceKm({ lat: origin.lat, lon: origin.lon }, { lat: r.lat, lon: r.lon }))
          : null,
    })),
  };
}
