import type {
  BODY_TYPES,
  EYE_COLOURS,
  GENDERS,
  HAIR_COLOURS,
  RELATIONSHIP_STATUSES,
  SEXUALITIES,
  SIGNUP_REASONS,
  TATTOOS,
} from '../../shared/contract/accounts.ts';
import { INTERESTS } from '../../shared/data/interests.ts';
import type { Locale } from '../../shared/i18n/locales.ts';
import { randomKey } from '../platform/storage.ts';
import { composeAbout, type TextForm } from './about.ts';
import { CITIES, COUNTRY_LOCALE, COUNTRY_WEIGHTS, type DemoCountry } from './cities.ts';
import { namePool } from './names.ts';
import { Rng } from './random.ts';

type Gender = (typeof GENDERS)[number];
type Sexuality = (typeof SEXUALITIES)[number];
type HairColour = (typeof HAIR_COLOURS)[number];
type EyeColour = (typeof EYE_COLOURS)[number];
type BodyType = (typeof BODY_TYPES)[number];
type RelationshipStatus = (typeof RELATIONSHIP_STATUSES)[number];
type Tattoos = (typeof TATTOOS)[number];
type SignupReason = (typeof SIGNUP_REASONS)[number];

/** Demo members' e-mail addresses: `demo-<index>@members.vonk.test` (a reserved TLD: nothing is delivered). */
export const DEMO_EMAIL_DOMAIN = 'members.vonk.test';
export const demoEmail = (index: number) => `demo-${index}@${DEMO_EMAIL_DOMAIN}`;
/** Not an argon2 hash, so no password matches it: demo members cannot log in. */
export const DEMO_PASSWORD_HASH = 'demo-profile-no-login';

/**
 * The media keys of a demo member's photo `n` (1-based); the files are drawn on first request. The random
 * part makes them as unguessable as members' own photo names, so a photo the API keeps locked (visitors see
 * only the main photo) cannot be fetched by counting (issue 10 item 11).
 */
export const demoPhotoKeys = (index: number, n: number) => ({
  filename: `demo-${index}-${n}-${randomKey('.webp')}`,
  thumbFilename: `demo-${index}-${n}-${randomKey('_t.webp')}`,
});

/** One person in a portrait (couples have two): what the drawing needs to fit the profile. */
export interface DemoPerson {
  look: 'f' | 'm';
  /** Index into the skin tones of the portraits, light to dark. */
  skin: number;
  hairColour: HairColour;
  eyeColour: EyeColour;
  age: number;
}

export interface DemoMember {
  index: number;
  email: string;
  locale: Locale;
  name: string;
  gender: Gender;
  lookingFor: Gender;
  sexuality: Sexuality;
  age: number;
  dateOfBirth: string;
  country: DemoCountry;
  region: string;
  city: string;
  latCoarse: number;
  lonCoarse: number;
  hairColour: HairColour;
  eyeColour: EyeColour;
  bodyType: BodyType;
  relationshipStatus: RelationshipStatus;
  tattoos: Tattoos;
  signupReason: SignupReason;
  interests: string[];
  about: string;
  photoCount: number;
  people: DemoPerson[];
  lastActiveAt: Date;
  createdAt: Date;
}

const DAY_MS = 86_400_000;
const NORDIC = new Set<DemoCountry>(['DK', 'NO', 'SE', 'FI']);
const SOUTH = new Set<DemoCountry>(['FR', 'IT', 'ES']);
const HOBBIES = INTERESTS.filter((i) => i.kind === 'hobby');
/** The gentle ones are picked far more often than the bold ones. */
const SEXUAL_WEIGHTS: Record<string, number> = {
  flirting: 10,
  romance: 9,
  kissing: 8,
  cuddling: 8,
  passion: 6,
  massage: 6,
  lingerie: 3,
  'showering-together': 3,
  'role-play': 2,
  fantasies: 3,
  blindfold: 1,
  outdoor: 2,
  'one-night-stand': 2,
  'friends-with-benefits': 2,
  threesome: 1,
};
const SEXUAL = INTERESTS.filter((i) => i.kind === 'sexual').map((i) => ({
  id: i.id,
  weight: SEXUAL_WEIGHTS[i.id] ?? 1,
}));

const round2 = (n: number) => Math.round(n * 100) / 100;
const isoDate = (d: Date) => d.toISOString().slice(0, 10);

function pickSexuality(rng: Rng, gender: Gender): Sexuality {
  switch (gender) {
    case 'female':
      return rng.weighted({ hetero: 76, bi: 14, lesbian: 6, curious: 4 });
    case 'male':
      return rng.weighted({ hetero: 84, gay: 7, bi: 6, curious: 3 });
    case 'couple':
      return rng.weighted({ hetero: 42, bi: 45, curious: 8, lesbian: 3, gay: 2 });
    case 'trans':
      return rng.weighted({ hetero: 45, bi: 40, curious: 15 });
    default:
      return rng.weighted({ bi: 60, curious: 25, hetero: 15 });
  }
}

function pickLookingFor(rng: Rng, gender: Gender, look: 'f' | 'm', sexuality: Sexuality): Gender {
  const opposite: Gender = look === 'f' ? 'male' : 'female';
  const same: Gender = look === 'f' ? 'female' : 'male';
  if (gender === 'couple') {
    if (sexuality === 'lesbian') return 'female';
    if (sexuality === 'gay') return 'male';
    return rng.weighted<Gender>({ female: 45, couple: 30, male: 25 });
  }
  switch (sexuality) {
    case 'hetero':
      return rng.chance(0.94) ? opposite : 'couple';
    case 'gay':
    case 'lesbian':
      return same;
    case 'bi':
      return rng.weighted<Gender>({ female: 40, male: 40, couple: 14, trans: 3, nonbinary: 3 });
    default:
      return rng.chance(0.6) ? same : 'couple';
  }
}

function pickHair(rng: Rng, country: DemoCountry, look: 'f' | 'm', age: number): HairColour {
  const base: Record<HairColour, number> = NORDIC.has(country)
    ? { blond: 40, brown: 30, black: 5, red: 5, grey: 8, dyed: 6, bald: 6 }
    : SOUTH.has(country)
      ? { blond: 10, brown: 45, black: 28, red: 3, grey: 8, dyed: 5, bald: 6 }
      : { blond: 25, brown: 40, black: 10, red: country === 'IE' ? 14 : 6, grey: 8, dyed: 6, bald: 6 };
  const weights = {
    ...base,
    grey: age < 38 ? 0 : age >= 55 ? base.grey * 5 : base.grey,
    dyed: age > 55 ? base.dyed / 2 : base.dyed,
    bald: look === 'f' || age < 28 ? 0 : age >= 50 ? base.bald * 2.5 : base.bald,
  };
  return rng.weighted(weights);
}

function pickEyes(rng: Rng, country: DemoCountry): EyeColour {
  if (NORDIC.has(country)) return rng.weighted({ blue: 45, green: 15, brown: 15, grey: 15, hazel: 10 });
  if (SOUTH.has(country)) return rng.weighted({ blue: 10, green: 10, brown: 65, grey: 3, hazel: 12 });
  return rng.weighted({ blue: 30, green: 15, brown: 35, grey: 8, hazel: 12 });
}

/** Mostly light skin tones in Europe, with every tone present. */
const pickSkin = (rng: Rng) => Number(rng.weighted({ 0: 18, 1: 26, 2: 20, 3: 12, 4: 9, 5: 7, 6: 5, 7: 3 }));

function pickAge(rng: Rng): number {
  for (;;) {
    const age = Math.floor(rng.normal(40, 12.5));
    if (age >= 18 && age <= 75) return age;
  }
}

function pickRelationship(rng: Rng, gender: Gender, age: number): RelationshipStatus {
  if (gender === 'couple') return rng.weighted({ married: 45, relationship: 40, open: 15 });
  return rng.weighted({
    single: 60,
    divorced: age < 30 ? 1 : age < 40 ? 10 : 22,
    widowed: age < 50 ? 0 : age < 65 ? 3 : 8,
    relationship: 5,
    open: 7,
    married: 5,
  });
}

function pickInterests(rng: Rng, gender: Gender): string[] {
  const total = rng.int(3, 8);
  let sexualCount = Number(rng.weighted({ 0: 20, 1: 35, 2: 30, 3: 15 }));
  if (gender === 'couple') sexualCount += 1;
  sexualCount = Math.min(sexualCount, total - 2);
  const picked: string[] = rng.sample(HOBBIES, total - sexualCount).map((i) => i.id);
  const pool = [...SEXUAL];
  for (let i = 0; i < sexualCount && pool.length; i++) {
    const item = rng.weightedItem(pool);
    picked.push(item.id);
    pool.splice(pool.indexOf(item), 1);
  }
  return picked;
}

function pickName(
  rng: Rng,
  country: DemoCountry,
  locale: Locale,
  gender: Gender,
  people: DemoPerson[],
): string {
  const pool = namePool(country, locale);
  const byLook = (look: 'f' | 'm') => rng.pick(look === 'f' ? pool.female : pool.male);
  if (gender === 'couple') {
    const [a, b] = people as [DemoPerson, DemoPerson];
    let second = byLook(b.look);
    const first = byLook(a.look);
    while (second === first) second = byLook(b.look);
    return `${first} & ${second}`;
  }
  if (gender === 'nonbinary') return rng.pick(pool.neutral);
  return byLook((people[0] as DemoPerson).look);
}

/**
 * Demo member number `index` (1-based). The same index always gives the same person: everything comes
 * from a random generator seeded with the index; only the dates are counted back from `now`.
 */
export function makeDemoMember(index: number, now: Date = new Date()): DemoMember {
  const rng = new Rng(`vonk-demo-member-${index}`);
  const country = rng.weighted(COUNTRY_WEIGHTS);
  const city = rng.weightedItem(CITIES[country]);
  const locale = city.locale ?? COUNTRY_LOCALE[country];
  const gender = rng.weighted<Gender>({ female: 45, male: 45, couple: 5, trans: 3, nonbinary: 2 });
  const age = pickAge(rng);

  const firstLook: 'f' | 'm' =
    gender === 'female' ? 'f' : gender === 'male' ? 'm' : rng.chance(0.5) ? 'f' : 'm';
  const sexuality = pickSexuality(rng, gender);
  const looks: ('f' | 'm')[] =
    gender !== 'couple'
      ? [firstLook]
      : sexuality === 'lesbian'
        ? ['f', 'f']
        : sexuality === 'gay'
          ? ['m', 'm']
          : ['f', 'm'];
  const people = looks.map((look, i) => {
    const personAge = i === 0 ? age : Math.max(18, Math.min(75, age + rng.int(-4, 6)));
    return {
      look,
      skin: pickSkin(rng),
      hairColour: pickHair(rng, country, look, personAge),
      eyeColour: pickEyes(rng, country),
      age: personAge,
    };
  });
  const first = people[0] as DemoPerson;
  const lookingFor = pickLookingFor(rng, gender, first.look, sexuality);
  const name = pickName(rng, country, locale, gender, people);

  const bodyType: BodyType =
    first.look === 'f'
      ? rng.weighted({ slim: 25, athletic: 18, average: 30, curvy: 20, full: 7 })
      : rng.weighted({ slim: 18, athletic: 28, average: 32, full: 8, muscular: 14 });
  const tattoos: Tattoos =
    age < 40 ? rng.weighted({ none: 45, some: 42, many: 13 }) : rng.weighted({ none: 65, some: 30, many: 5 });
  const signupReason: SignupReason =
    gender === 'couple'
      ? rng.weighted({ adventure: 45, flirt: 30, chat: 15, friendship: 10 })
      : rng.weighted({ chat: 15, flirt: 25, dating: 25, relationship: 15, friendship: 8, adventure: 12 });
  const relationshipStatus = pickRelationship(rng, gender, age);
  const interests = pickInterests(rng, gender);

  const hobbyNames = rng
    .sample(
      interests.filter((id) => HOBBIES.some((h) => h.id === id)),
      3,
    )
    .map((id) => HOBBIES.find((h) => h.id === id)?.names[locale] ?? id);
  const form: TextForm = gender === 'nonbinary' ? 'n' : first.look;
  const about = composeAbout(rng, {
    locale,
    form,
    couple: gender === 'couple',
    city: city.name,
    hobbies: hobbyNames,
  });

  // Within a few km of the centre, then coarsened like every member's position.
  const latCoarse = round2(city.lat + (rng.next() - 0.5) * 0.08);
  const lonCoarse = round2(city.lon + (rng.next() - 0.5) * 0.12);
  // Exactly `age` years old today: born between age+1 years and age years ago.
  const born = new Date(now.getTime() - (age * 365.25 + 1 + rng.next() * 362) * DAY_MS);
  // Most were here in the last few days; a few not for weeks.
  const lastActiveAt = new Date(now.getTime() - rng.next() ** 2 * 30 * DAY_MS);
  const createdAt = new Date(lastActiveAt.getTime() - rng.int(1, 540) * DAY_MS - rng.next() * DAY_MS);
  const photoCount = Number(rng.weighted({ 1: 35, 2: 40, 3: 25 }));

  return {
    index,
    email: demoEmail(index),
    locale,
    name,
    gender,
    lookingFor,
    sexuality,
    age,
    dateOfBirth: isoDate(born),
    country,
    region: city.region,
    city: city.name,
    latCoarse,
    lonCoarse,
    hairColour: first.hairColour,
    eyeColour: first.eyeColour,
    bodyType,
    relationshipStatus,
    tattoos,
    signupReason,
    interests,
    about,
    photoCount,
    people,
    lastActiveAt,
    createdAt,
  };
}
