import type { z } from 'zod';
import {
  BODY_TYPES,
  EYE_COLOURS,
  GENDERS,
  HAIR_COLOURS,
  lookingForAnswer,
  RELATIONSHIP_STATUSES,
  SEXUALITIES,
  SIGNUP_REASONS,
  TATTOOS,
} from '../../../shared/contract/accounts.ts';
import {
  ATTRIBUTE_FIELDS,
  MEMBER_PHOTOS,
  type TBlockResponse,
  type TLocationRequest,
  type TMemberPhoto,
  type TMemberResponse,
  type TOwnProfileResponse,
  type ZUpdateProfileRequest,
} from '../../../shared/contract/profiles.ts';
import { INTERESTS } from '../../../shared/data/interests.ts';
import { REGIONS } from '../../../shared/data/regions.ts';
import type { Db } from '../../db/client.ts';
import { ageOf, isOnline, mediaPath, presentMemberCard, publicMediaUrl } from '../../kernel/member-card.ts';
import { accountExists, findMember } from '../../kernel/members.ts';
import { AppError } from '../../platform/errors.ts';
import { coarsen, distanceKm, presentDistance, reverseGeocode } from '../../platform/geo.ts';
import type { SiteRow } from '../../platform/site.ts';
import { deleteLikesBetween, markLikeSeen } from '../likes/index.ts';
import { getMainImage, presentMainImage } from '../photos/index.ts';
import { aboutToColumns } from './about-columns.ts';
import {
  deleteBlock,
  findOwnProfile,
  findRelated,
  findShareCard,
  findViewer,
  insertBlock,
  listPublicPhotos,
  type ProfileRow,
  type ProfileValues,
  updateProfileColumns,
} from './queries.ts';

const notFound = () => new AppError(404, 'not_found', 'error.not_found');
const invalid = (fieldIds: Record<string, string>) =>
  new AppError(400, 'validation', 'error.validation', { details: { fieldIds } });

const INTEREST_IDS = new Set(INTERESTS.map((i) => i.id));
const RELATED_LIMIT = 6;
const DAY_MS = 86_400_000;

/** A logged-in viewer of someone else's profile. */
export interface Viewer {
  id: number;
  paidUser: boolean;
}

// ---------------------------------------------------------------- presenters

/** Coarse on purpose: exact activity times would let others watch a member's habits. */
function lastActive(lastActiveAt: Date, now: Date): 'today' | 'this_week' | 'longer' {
  const ago = now.getTime() - lastActiveAt.getTime();
  if (ago < DAY_MS) return 'today';
  if (ago < 7 * DAY_MS) return 'this_week';
  return 'longer';
}

/** A stored value when it is one of the contract's choices; older or foreign values read as unset. */
function choice<T extends readonly string[]>(values: T, value: string | null): T[number] | null {
  return value !== null && values.includes(value) ? (value as T[number]) : null;
}

function attributesOf(p: ProfileRow) {
  return {
    sexuality: choice(SEXUALITIES, p.sexuality),
    hair_colour: choice(HAIR_COLOURS, p.hairColour),
    eye_colour: choice(EYE_COLOURS, p.eyeColour),
    body_type: choice(BODY_TYPES, p.bodyType),
    relationship_status: choice(RELATIONSHIP_STATUSES, p.relationshipStatus),
    tattoos: choice(TATTOOS, p.tattoos),
    signup_reason: choice(SIGNUP_REASONS, p.signupReason),
  };
}

const regionName = (country: string | null, code: string | null) =>
  (country && code && REGIONS[country]?.regions.find((r) => r.code === code)?.name) || null;

async function presentOwnProfile(db: Db, profile: ProfileRow, site: SiteRow): Promise<TOwnProfileResponse> {
  return {
    profile: {
      id: profile.userId,
      name: profile.name,
      gender: choice(GENDERS, profile.gender),
      ...lookingForAnswer(profile.lookingFor),
      date_of_birth: profile.dateOfBirth,
      age: ageOf(profile.dateOfBirth, new Date()),
      about: profile.about,
      country: profile.country,
      region: profile.region,
      region_name: regionName(profile.country, profile.region),
      city: profile.city,
      interests: profile.interests,
      status: profile.status,
      main_image: await getMainImage(db, profile.userId),
      has_location: profile.latCoarse !== null && profile.lonCoarse !== null,
      visible_profile_fields: site.visibleProfileFields,
      visible_profile_notes: site.visibleProfileNotes,
      ...attributesOf(profile),
    },
  };
}

// ---------------------------------------------------------------- own profile (M-01, M-10)

async function ownProfile(db: Db, userId: number) {
  const own = await findOwnProfile(db, userId);
  if (!own) throw notFound();
  return own;
}

export async function getOwnProfile(db: Db, userId: number, site: SiteRow): Promise<TOwnProfileResponse> {
  return presentOwnProfile(db, (await ownProfile(db, userId)).profile, site);
}

export type ProfileUpdate = z.output<typeof ZUpdateProfileRequest>;

/**
 * Changes the fields sent. A new country drops the stored position and, unless new ones are sent, the
 * region and city, because they described the old place.
 */
export async function updateOwnProfile(
  db: Db,
  userId: number,
  input: ProfileUpdate,
  site: SiteRow,
): Promise<TOwnProfileResponse> {
  const { profile, email } = await ownProfile(db, userId);
  const errors: Record<string, string> = {};
  if (input.name !== undefined && input.name.toLowerCase() === email.trim().toLowerCase())
    errors.name = 'validation.name_is_email';
  if (input.interests?.some((id) => !INTEREST_IDS.has(id))) errors.interests = 'profiles.unknown_interest';
  if (input.country !== undefined && !site.countries.includes(input.country))
    errors.country = 'profiles.country_unavailable';

  const country = input.country ?? profile.country;
  const countryChanged = input.country !== undefined && input.country !== profile.country;
  const inCountry = (code: string) =>
    Boolean(country && REGIONS[country]?.regions.some((r) => r.code === code));
  let region = profile.region;
  if (input.region !== undefined) {
    region = input.region || null;
    if (region !== null && !inCountry(region)) errors.region = 'profiles.unknown_region';
  } else if (countryChanged && region !== null && !inCountry(region)) {
    region = null;
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);

  const { name, gender, looking_for, city } = input;
  const values: ProfileValues = {
    ...aboutToColumns(input),
    ...(name !== undefined ? { name } : {}),
    ...(gender !== undefined ? { gender } : {}),
    ...(looking_for !== undefined ? { lookingFor: looking_for } : {}),
    ...(city !== undefined ? { city: city || null } : countryChanged ? { city: null } : {}),
    ...(countryChanged ? { country, latCoarse: null, lonCoarse: null } : {}),
    region,
  };
  await updateProfileColumns(db, userId, values);
  return getOwnProfile(db, userId, site);
}

/**
 * Sets country, region and city from a browser position and keeps the position only rounded to about
 * 1 km (M-10). Places outside the site's countries are refused: search is per served country.
 */
export async function setOwnLocation(
  db: Db,
  userId: number,
  position: TLocationRequest,
  site: SiteRow,
): Promise<TOwnProfileResponse> {
  await ownProfile(db, userId);
  const place = reverseGeocode(position.lat, position.lon);
  if (!place) throw new AppError(422, 'location_unknown', 'profiles.location_unknown');
  if (!site.countries.includes(place.country))
    throw new AppError(422, 'location_outside', 'profiles.location_outside');
  const regionCode = place.region?.code ?? null;
  const region =
    regionCode && REGIONS[place.country]?.regions.some((r) => r.code === regionCode) ? regionCode : null;
  const coarse = coarsen(position.lat, position.lon);
  await updateProfileColumns(db, userId, {
    country: place.country,
    region,
    city: place.city ? place.city.slice(0, 80) : null,
    latCoarse: coarse.lat,
    lonCoarse: coarse.lon,
  });
  return getOwnProfile(db, userId, site);
}

/** Forgets the stored position; country, region and city stay as they are. */
export async function forgetOwnLocation(db: Db, userId: number, site: SiteRow): Promise<TOwnProfileResponse> {
  await ownProfile(db, userId);
  await updateProfileColumns(db, userId, { latCoarse: null, lonCoarse: null });
  return getOwnProfile(db, userId, site);
}

// ---------------------------------------------------------------- profile page (M-05, M-06, M-08, M-10)

type PhotoRows = Awaited<ReturnType<typeof listPublicPhotos>>;

/**
 * The photos a viewer may see, main image first: visitors the main image only, free members the main
 * image and MEMBER_PHOTOS.freeExtra more, premium members (and the member themself) all public ones.
 */
function visiblePhotos(rows: PhotoRows, mainId: number | null, viewer: Viewer | null, isMe: boolean) {
  const main = rows.find((r) => r.id === mainId);
  const ordered = main ? [main, ...rows.filter((r) => r !== main)] : rows;
  if (isMe || viewer?.paidUser) return ordered;
  if (!viewer) return main ? [main] : [];
  return ordered.slice(0, (main ? 1 : 0) + MEMBER_PHOTOS.freeExtra);
}

function presentMemberPhoto(row: PhotoRows[number], mainId: number | null, cdnPrefix: string): TMemberPhoto {
  return {
    id: row.id,
    url: publicMediaUrl(cdnPrefix, row.filename),
    thumb_url: publicMediaUrl(cdnPrefix, row.thumbFilename),
    width: row.width,
    height: row.height,
    is_main: row.id === mainId,
  };
}

/**
 * A member's profile page. Missing, deleted and banned members, members who blocked the viewer, and
 * unlisted members (invisible, not activated) all answer the same 404, so it tells nothing; members
 * always see their own page.
 */
export async function getMemberProfile(
  db: Db,
  memberId: number,
  viewer: Viewer | null,
  ctx: { site: SiteRow; now: Date },
): Promise<TMemberResponse> {
  const member = await findMember(db, memberId, viewer?.id ?? null);
  const isMe = viewer !== null && viewer.id === memberId;
  if (!member || (!isMe && (member.blockedViewer || !member.profile.listed))) throw notFound();
  const p = member.profile;
  const [photoRows, me] = await Promise.all([
    listPublicPhotos(db, memberId),
    viewer && !isMe ? findViewer(db, viewer.id) : undefined,
    // Opening the profile of someone who liked you has seen their like (D-03 like_new).
    viewer && !isMe && member.likesViewer ? markLikeSeen(db, memberId, viewer.id) : undefined,
  ]);
  const mainRow = photoRows.find((r) => r.id === p.mainPhotoId) ?? null;
  const shown = visiblePhotos(photoRows, p.mainPhotoId, viewer, isMe);
  const visibleFields = new Set(ctx.site.visibleProfileFields);
  const attributes = attributesOf(p);
  for (const field of ATTRIBUTE_FIELDS) if (!visibleFields.has(field)) attributes[field] = null;

  const distance =
    me?.showDistance &&
    member.showDistance &&
    me.lat !== null &&
    me.lon !== null &&
    p.latCoarse !== null &&
    p.lonCoarse !== null
      ? presentDistance(distanceKm({ lat: me.lat, lon: me.lon }, { lat: p.latCoarse, lon: p.lonCoarse }))
      : null;

  const related = p.country
    ? await findRelated(db, {
        country: p.country,
        // The profile's own gender when the viewer looks for it (or anyone), else the first they look for.
        gender:
          !me?.lookingFor?.length || (p.gender !== null && me.lookingFor.includes(p.gender))
            ? p.gender
            : (me.lookingFor[0] ?? p.gender),
        exclude: viewer ? [memberId, viewer.id] : [memberId],
        viewerId: viewer?.id ?? null,
        limit: RELATED_LIMIT,
      })
    : [];
  const cards = { cdnPrefix: ctx.site.cdnPrefix, now: ctx.now };

  return {
    profile: {
      id: p.userId,
      name: p.name,
      age: ageOf(p.dateOfBirth, ctx.now),
      gender: choice(GENDERS, p.gender),
      city: p.city,
      region: regionName(p.country, p.region),
      country: p.country,
      about: p.about,
      interests: p.interests,
      ...attributes,
      fictional: p.fictional,
      online: isOnline(p.lastActiveAt, ctx.now),
      last_active: lastActive(p.lastActiveAt, ctx.now),
      distance: distance ? { km: distance.km, less_than: distance.less_than } : null,
      photo_count: photoRows.length,
      photos: shown.map((row) => presentMemberPhoto(row, p.mainPhotoId, ctx.site.cdnPrefix)),
      photos_locked: photoRows.length - shown.length,
      main_image: presentMainImage(mainRow),
      blocked_by_me: member.blockedByViewer,
      liked_by_me: !isMe && member.likedByViewer,
      likes_me: !isMe && member.likesViewer,
      is_me: isMe,
    },
    related: related.map((row) => presentMemberCard(row, cards)),
  };
}

/**
 * Blocks or unblocks a member (M-06); doing it twice changes nothing. Invisible members can be blocked
 * too (someone may hide after being rude); deleted accounts and unknown ids answer 404.
 */
export async function setBlock(
  db: Db,
  viewerId: number,
  memberId: number,
  blocked: boolean,
): Promise<TBlockResponse> {
  if (memberId === viewerId) throw new AppError(400, 'block_self', 'profiles.block_self');
  if (!(await accountExists(db, memberId))) throw notFound();
  if (blocked) {
    // A block ends what was between the two: their likes (and with them a match) go too.
    await db.transaction(async (tx) => {
      await insertBlock(tx, viewerId, memberId);
      await deleteLikesBetween(tx, viewerId, memberId);
    });
  } else await deleteBlock(db, viewerId, memberId);
  return { blocked };
}

// ---------------------------------------------------------------- share previews (M-05)

export interface ShareMeta {
  title: string;
  description: string;
  /** Media path of the main image, only when it is public and approved (spec §4); null otherwise. */
  imagePath: string | null;
}

/** The preview of a shared profile link: listed members only; null for anyone else. */
export async function getShareMeta(db: Db, memberId: number, now: Date): Promise<ShareMeta | null> {
  const row = await findShareCard(db, memberId);
  if (!row) return null;
  const title = [row.name, String(ageOf(row.dateOfBirth, now)), row.city].filter(Boolean).join(', ');
  const description = Array.from(row.about.replace(/\s+/g, ' ').trim()).slice(0, 150).join('');
  const imagePath =
    row.filename && row.photoStatus === 'active' && row.photoPrivate === false
      ? mediaPath(row.filename)
      : null;
  return { title, description, imagePath };
}
