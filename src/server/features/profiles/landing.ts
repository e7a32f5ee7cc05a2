import type { TMemberLanding } from '../../../shared/contract/profiles.ts';
import { REGIONS } from '../../../shared/data/regions.ts';
import type { Db } from '../../db/client.ts';
import { aboutLine, ageOf, isOnline, presentMemberCard, publicMediaUrl } from '../../kernel/member-card.ts';
import { findMember } from '../../kernel/members.ts';
import type { SiteRow } from '../../platform/site.ts';
import { findRelated, findShowcase, listPublicPhotos } from './queries.ts';

/** Other members a landing shows beside (or instead of) its member. */
export const LANDING_OTHERS = 8;
/**
 * A member's landing page (L-08, issue 25). The member is shown only when anyone may see their profile
 * on this site: listed (active, visible, not banned or deleted), in one of the site's countries, and not
 * blocked either way with a logged-in viewer. Otherwise `member` is null and the page shows others: a paid
 * click never ends on a 404, and a hidden member's name or photo never reaches it. The photo is the
 * member's public, approved main photo (M-09), or their first public one.
 */
export async function getMemberLanding(
  db: Db,
  memberId: number,
  viewerId: number | null,
  ctx: { site: SiteRow; now: Date },
): Promise<TMemberLanding> {
  const found = await findMember(db, memberId, viewerId);
  const p = found?.profile;
  const shown =
    found &&
    p?.listed &&
    !found.blockedViewer &&
    !found.blockedByViewer &&
    p.userId !== viewerId &&
    p.country !== null &&
    ctx.site.countries.includes(p.country)
      ? p
      : null;
  const cards = { cdnPrefix: ctx.site.cdnPrefix, now: ctx.now };
  const exclude = viewerId === null ? [memberId] : [memberId, viewerId];
  const [photoRows, related] = await Promise.all([
    shown ? listPublicPhotos(db, shown.userId) : [],
    shown?.country
      ? findRelated(db, {
          country: shown.country,
          gender: shown.gender,
          exclude,
          viewerId,
          limit: LANDING_OTHERS * 2,
        })
      : [],
  ]);
  let others = related.filter((r) => r.thumbFilename !== null);
  if (others.length < LANDING_OTHERS) {
    const more = await findShowcase(
      db,
      ctx.site,
      shown?.country ?? ctx.site.countries[0] ?? '',
      LANDING_OTHERS * 2,
    );
    const seen = new Set([...exclude, ...others.map((r) => r.userId)]);
    others = [...others, ...more.filter((r) => !seen.has(r.userId))];
  }
  const photo = photoRows.find((r) => r.id === shown?.mainPhotoId) ?? photoRows[0] ?? null;
  return {
    member: shown
      ? {
          id: shown.userId,
          name: shown.name,
          age: ageOf(shown.dateOfBirth, ctx.now),
          city: shown.city,
          region:
            (shown.country &&
              shown.region &&
              REGIONS[shown.country]?.regions.find((r) => r.code === shown.region)?.name) ||
            null,
          about_line: aboutLine(shown.about),
          photo: photo
            ? {
                id: photo.id,
                url: publicMediaUrl(ctx.site.cdnPrefix, photo.filename),
                thumb_url: publicMediaUrl(ctx.site.cdnPrefix, photo.thumbFilename),
                width: photo.width,
                height: photo.height,
                is_main: photo.id === shown.mainPhotoId,
              }
            : null,
          fictional: shown.fictional,
          online: isOnline(shown.lastActiveAt, ctx.now),
        }
      : null,
    others: others.slice(0, LANDING_OTHERS).map((r) => presentMemberCard(r, cards)),
  };
}
