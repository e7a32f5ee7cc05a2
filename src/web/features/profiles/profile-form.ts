import {
  ATTRIBUTE_FIELDS,
  type AttributeField,
  type TOwnProfile,
} from '../../../shared/contract/profiles.ts';

/** Everything /profile edits, as strings ('' when unset) and the interest ids. */
export type ProfileValues = {
  name: string;
  gender: string;
  /** The genders looked for: one or several (decision 0015). */
  looking_for: string[];
  about: string;
  interests: string[];
  country: string;
  region: string;
  city: string;
} & Record<AttributeField, string>;

export const PROFILE_FIELDS = [
  'name',
  'gender',
  'looking_for',
  'about',
  'country',
  'region',
  'city',
  'interests',
  ...ATTRIBUTE_FIELDS,
] as const;

export function valuesOf(p: TOwnProfile): ProfileValues {
  const attributes = Object.fromEntries(ATTRIBUTE_FIELDS.map((f) => [f, p[f] ?? ''])) as Record<
    AttributeField,
    string
  >;
  return {
    name: p.name,
    gender: p.gender ?? '',
    looking_for: [...p.looking_for_genders],
    about: p.about,
    interests: [...p.interests],
    country: p.country ?? '',
    region: p.region ?? '',
    city: p.city ?? '',
    ...attributes,
  };
}

const same = (a: ProfileValues[keyof ProfileValues], b: ProfileValues[keyof ProfileValues]) =>
  Array.isArray(a) && Array.isArray(b)
    ? a.length === b.length && [...a].sort().join() === [...b].sort().join()
    : a === b;

/** Fields an empty value clears (sent as null): the place and the attributes ("not specified"). */
const CLEARABLE = new Set<string>(['region', 'city', ...ATTRIBUTE_FIELDS]);

/**
 * Only what changed goes to the server, a partial update (M-01). Region, city and the attributes may be
 * cleared (null); name, gender and looking for cannot be unset once chosen, so an empty value is not sent.
 */
export function profileChanges(before: ProfileValues, after: ProfileValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of PROFILE_FIELDS) {
    if (same(before[field], after[field])) continue;
    const value = after[field];
    if (CLEARABLE.has(field)) out[field] = value === '' ? null : value;
    else if (value !== '' && !(field === 'looking_for' && value.length === 0)) out[field] = value;
  }
  return out;
}
