import { z } from 'zod';
import {
  BODY_TYPES,
  EYE_COLOURS,
  GENDERS,
  HAIR_COLOURS,
  RELATIONSHIP_STATUSES,
  SEXUALITIES,
  SIGNUP_REASONS,
  TATTOOS,
  ZAboutMe,
  ZLookingFor,
  ZLookingForAnswer,
  ZProfileName,
} from './accounts.ts';
import { endpoints } from './endpoint.ts';
import { ZId, ZIdParam } from './ids.ts';
import { ZMainImage } from './photos.ts';
import { zLine } from './text.ts';

// Zod messages are catalog ids: the server answers them localised, the client shows them with react-intl.

export { ATTRIBUTE_FIELDS, type AttributeField } from './constants.ts';

/** What others see of a member's photos (M-04, spec §6). */
export const MEMBER_PHOTOS = {
  /** Free members see the main image plus this many other public photos; premium members see all. */
  freeExtra: 2,
} as const;

/** A member counts as online this long after their last activity. */
export const ONLINE_MINUTES = 10;

const ZNullableEnum = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values).nullable();

const ZAttributes = z.object({
  sexuality: ZNullableEnum(SEXUALITIES),
  hair_colour: ZNullableEnum(HAIR_COLOURS),
  eye_colour: ZNullableEnum(EYE_COLOURS),
  body_type: ZNullableEnum(BODY_TYPES),
  relationship_status: ZNullableEnum(RELATIONSHIP_STATUSES),
  tattoos: ZNullableEnum(TATTOOS),
  signup_reason: ZNullableEnum(SIGNUP_REASONS),
});

// ---------------------------------------------------------------- own profile (M-01)

/** The member's own profile, every field they can edit. Never carries coordinates (M-10). */
export const ZOwnProfile = z
  .object({
    id: ZId,
    name: z.string(),
    gender: ZNullableEnum(GENDERS),
    ...ZLookingForAnswer,
    date_of_birth: z.string().describe('ISO date'),
    age: z.number().int(),
    about: z.string(),
    country: z.string().nullable(),
    /** ISO 3166-2 code from GET /api/regions, e.g. "NL-NH". */
    region: z.string().nullable(),
    /** Display name of region. */
    region_name: z.string().nullable(),
    city: z.string().nullable(),
    interests: z.array(z.string()),
    status: z.enum(['active', 'disabled']),
    main_image: ZMainImage,
    /** Whether a (coarse) position is stored, so the page can offer to forget it. */
    has_location: z.boolean(),
    /** The site's settings: which attributes and notes profile pages show. */
    visible_profile_fields: z.array(z.string()),
    visible_profile_notes: z.array(z.string()),
  })
  .extend(ZAttributes.shape);
export type TOwnProfile = z.infer<typeof ZOwnProfile>;

export const ZOwnProfileResponse = z.object({ profile: ZOwnProfile });
export type TOwnProfileResponse = z.infer<typeof ZOwnProfileResponse>;

/**
 * A partial update of the own profile: only the fields sent change. `region`, `city` and the attributes
 * (sexuality, hair colour, ...) may be null to clear them; signup steps cannot clear an attribute. The
 * server also checks: name differs from the e-mail address, interests exist, the country is one the site
 * serves and the region belongs to the (new) country. Date of birth cannot change.
 */
export const ZUpdateProfileRequest = ZAboutMe.extend({
  ...ZAttributes.shape,
  name: ZProfileName,
  gender: z.enum(GENDERS, { message: 'validation.choose' }),
  looking_for: ZLookingFor,
  country: zLine(8, { form: 'NFKC', maxMessage: 'error.unknown_country' })
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { message: 'error.unknown_country' }),
  region: zLine(10, { form: 'NFKC', maxMessage: 'profiles.unknown_region' }).toUpperCase().nullable(),
  city: zLine(80).nullable(),
}).partial();
export type TUpdateProfileRequest = z.input<typeof ZUpdateProfileRequest>;

/** A position from the browser's geolocation; stored only rounded to about 1 km (M-10). */
export const ZLocationRequest = z.object({
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
});
export type TLocationRequest = z.infer<typeof ZLocationRequest>;

// ---------------------------------------------------------------- other members (M-05, M-06, M-08, M-10)

export const ZMemberIdParams = z.object({ id: ZIdParam });

/** Rounded distance between two members: "less than 5 km" when less_than (M-10). */
export const ZDistance = z.object({ km: z.number().nonnegative(), less_than: z.boolean() });

/** A member as every list shows them: search, related profiles, likes, swipe. */
export const ZMemberCard = z.object({
  id: ZId,
  name: z.string(),
  age: z.number().int(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  /** Public thumbnail URL (cdn_prefix included), or null without an approved public main photo. */
  thumb_url: z.string().nullable(),
  /** Fictional profile: show the site's fictional_icon and warning texts (M-08). */
  fictional: z.boolean(),
  online: z.boolean(),
  /** Search only: the rounded distance from the viewer, when both have a place and allow distances. */
  distance: ZDistance.nullable().optional(),
});
export type TMemberCard = z.infer<typeof ZMemberCard>;

/** A public photo of another member; private photos are only ever shared in chat. */
export const ZMemberPhoto = z.object({
  id: ZId,
  url: z.string(),
  thumb_url: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  is_main: z.boolean(),
});
export type TMemberPhoto = z.infer<typeof ZMemberPhoto>;

export const ZLastActive = z.enum(['today', 'this_week', 'longer']);

/** The profile page of a member (M-05). Attributes the site hides are null. */
export const ZMemberProfile = z
  .object({
    id: ZId,
    name: z.string(),
    age: z.number().int(),
    gender: ZNullableEnum(GENDERS),
    city: z.string().nullable(),
    /** Region display name. */
    region: z.string().nullable(),
    country: z.string().nullable(),
    about: z.string(),
    interests: z.array(z.string()),
    fictional: z.boolean(),
    online: z.boolean(),
    last_active: ZLastActive,
    /** Only for logged-in viewers when both members have a position and both allow distances. */
    distance: ZDistance.nullable(),
    /** Public, approved photos the member has. */
    photo_count: z.number().int().nonnegative(),
    /** The photos this viewer may see: main image first. */
    photos: z.array(ZMemberPhoto),
    /** Public photos held back for this viewer: log in (visitors) or go premium (free members) to see them. */
    photos_locked: z.number().int().nonnegative(),
    main_image: ZMainImage,
    blocked_by_me: z.boolean(),
    /** The viewer likes this member (M-05); false for visitors and on the own page. */
    liked_by_me: z.boolean(),
    /** This member likes the viewer: with liked_by_me, the two are a match. */
    likes_me: z.boolean(),
    is_me: z.boolean(),
  })
  .extend(ZAttributes.shape);
export type TMemberProfile = z.infer<typeof ZMemberProfile>;

export const ZMemberResponse = z.object({
  profile: ZMemberProfile,
  /** Up to 6 similar members: same country, the gender the viewer looks for. */
  related: z.array(ZMemberCard),
});
export type TMemberResponse = z.infer<typeof ZMemberResponse>;

export const ZBlockResponse = z.object({ blocked: z.boolean() });
export type TBlockResponse = z.infer<typeof ZBlockResponse>;

/** The home page's people (issue 11): recently active members with a photo, and how many the site has. */
export const ZShowcaseResponse = z.object({
  /** Members with a public photo, online ones first, then the most recently active. */
  members: z.array(ZMemberCard),
  /** Listed members in the site's countries. */
  member_count: z.number().int().nonnegative(),
  /** Of those, active in the last ONLINE_MINUTES. */
  online_count: z.number().int().nonnegative(),
});
export type TShowcaseResponse = z.infer<typeof ZShowcaseResponse>;

/**
 * A member's landing page (L-08, issue 25): where a paid click for one member arrives. `member` is null
 * when that member cannot be shown (unknown, unlisted, banned, deleted, blocked, another market): the page
 * then shows other members instead, never a 404 and never the hidden member's data.
 */
export const ZMemberLanding = z.object({
  member: z
    .object({
      id: ZId,
      name: z.string(),
      age: z.number().int(),
      city: z.string().nullable(),
      region: z.string().nullable(),
      /** The start of their about text, one line (at most 160 characters), or null. */
      about_line: z.string().nullable(),
      /** Their public, approved main photo (or first public photo), or null. */
      photo: ZMemberPhoto.nullable(),
      fictional: z.boolean(),
      online: z.boolean(),
    })
    .nullable(),
  /** Other listed members with a photo, like the member (same country and gender) when there is one. */
  others: z.array(ZMemberCard),
});
export type TMemberLanding = z.infer<typeof ZMemberLanding>;

/** Own profile (M-01, M-10), other members' profile pages and blocking (M-05, M-06, M-08). */
export const PROFILES_API = /* @__PURE__ */ endpoints('profiles', {
  'GET /api/profile': {
    summary: 'Own profile with the site settings of what profile pages show (M-01)',
    answer: ZOwnProfileResponse,
  },
  'PUT /api/profile': {
    summary: 'Change own profile fields; fields left out stay as they are (M-01)',
    body: ZUpdateProfileRequest,
    answer: ZOwnProfileResponse,
  },
  'PUT /api/profile/location': {
    summary: 'Set country, region and city from a browser position, kept rounded to ~1 km (M-10)',
    body: ZLocationRequest,
    answer: ZOwnProfileResponse,
  },
  'DELETE /api/profile/location': {
    summary: 'Forget the stored position (M-10)',
    answer: ZOwnProfileResponse,
  },
  'GET /api/showcase': {
    summary: "The home page's people: recently active members with a photo, member and online counts",
    answer: ZShowcaseResponse,
    errors: [],
  },
  'GET /api/members/:id': {
    summary: 'Profile page of a member with related profiles; visitors see less (M-05, M-06, M-08)',
    params: ZMemberIdParams,
    answer: ZMemberResponse,
  },
  'GET /api/members/:id/landing': {
    summary: "A member's landing page: the member when anyone may see them, and others like them (L-08)",
    params: ZMemberIdParams,
    answer: ZMemberLanding,
  },
  'POST /api/members/:id/block': {
    summary: 'Block a member: neither sees the other any more (M-06)',
    params: ZMemberIdParams,
    answer: ZBlockResponse,
  },
  'DELETE /api/members/:id/block': {
    summary: 'Unblock a member (M-06)',
    params: ZMemberIdParams,
    answer: ZBlockResponse,
  },
});
