import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { GENDERS, SEXUALITIES } from '../../../shared/contract/accounts.ts';
import { profiles } from '../../db/schema.ts';

type Gender = (typeof GENDERS)[number];

/**
 * The genders someone of `gender` with `sexuality` is drawn to; null: no limit (bi, curious, unknown, or
 * a sexuality that says nothing about a gender that is neither male nor female). Hetero men and women
 * are drawn to the other sex and to couples, gay to men, lesbian to women.
 */
export function drawnTo(gender: string | null, sexuality: string | null): readonly Gender[] | null {
  switch (sexuality) {
    case 'gay':
      return ['male'];
    case 'lesbian':
      return ['female'];
    case 'hetero':
      if (gender === 'male') return ['female', 'couple'];
      if (gender === 'female') return ['male', 'couple'];
      return null;
    default:
      return null;
  }
}

/** Whom someone looks for: the genders of the set, or null (none stored, or an empty set) for anyone. */
const sought = (lookingFor: readonly string[] | null): readonly string[] | null =>
  lookingFor && lookingFor.length > 0 ? lookingFor : null;

/**
 * Profiles that fit a seeker both ways, as an SQL condition on `profiles` (D-06): the genders the
 * seeker looks for (one or several, decision 0015) and their sexuality allow the profile's gender; the
 * profile looks for the seeker's gender (or anyone), and the profile's sexuality allows the seeker's gender.
 * Conditions on plain columns, so an index on (country, gender, ...) still gives the rows.
 */
export function fitsSeeker(seeker: {
  gender: string | null;
  lookingFor: readonly string[] | null;
  sexuality: string | null;
}): SQL | undefined {
  const drawn = drawnTo(seeker.gender, seeker.sexuality);
  const wanted = sought(seeker.lookingFor);
  const genders = GENDERS.filter(
    (g) => (wanted === null || wanted.includes(g)) && (drawn === null || drawn.includes(g)),
  );
  // Per gender of the profile, the sexualities that allow the seeker's gender.
  const theirs =
    seeker.gender === null
      ? undefined
      : or(
          isNull(profiles.sexuality),
          ...genders.flatMap((g) => {
            const ok = SEXUALITIES.filter((s) => {
              const d = drawnTo(g, s);
              return d === null || d.includes(seeker.gender as Gender);
            });
            return ok.length === 0 ? [] : [and(eq(profiles.gender, g), inArray(profiles.sexuality, ok))];
          }),
        );
  return and(
    wanted === null && drawn === null
      ? undefined
      : genders.length === 0
        ? sql`false`
        : inArray(profiles.gender, genders),
    seeker.gender === null
      ? undefined
      : sql`(${profiles.lookingFor} is null or cardinality(${profiles.lookingFor}) = 0 or ${seeker.gender} = any(${profiles.lookingFor}))`,
    theirs,
  );
}
