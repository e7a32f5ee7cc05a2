import { type SQL, sql } from 'drizzle-orm';
import { profiles } from '../../db/schema.ts';

/**
 * Who a niche's landers show (L-07, decision 0029): the members a visitor of that kind of site came for,
 * from the profile fields members fill in themselves. Niche 1 (no prefix) shows everyone listed.
 * - she: women who look for women; bbw: women of a curvy or full build; milf: women of 35 and over; gilf:
 *   women of 60 and over; gay: men who look for men; bdsm: members who named one of the kinky interests.
 */
export function nicheCondition(niche: number, now: Date): SQL | undefined {
  const female = sql`${profiles.gender} = 'female'`;
  const bornBefore = (years: number) => {
    const d = new Date(now);
    d.setUTCFullYear(d.getUTCFullYear() - years);
    return sql`${profiles.dateOfBirth} <= ${d.toISOString().slice(0, 10)}`;
  };
  switch (niche) {
    case 2:
      return sql`${female} and (${profiles.lookingFor} @> array['female']::text[] or ${profiles.sexuality} in ('lesbian', 'bi'))`;
    case 3:
      return sql`${profiles.interests} ?| array['role-play', 'blindfold', 'fantasies']`;
    case 4:
      return sql`${female} and ${profiles.bodyType} in ('curvy', 'full')`;
    case 5:
      return sql`${female} and ${bornBefore(60)}`;
    case 6:
      return sql`${female} and ${bornBefore(35)}`;
    case 7:
      return sql`${profiles.gender} = 'male' and (${profiles.lookingFor} @> array['male']::text[] or ${profiles.sexuality} = 'gay')`;
    default:
      return undefined;
  }
}
