// A member card as every list shows it (search, related, likes, swipe, chat list, notifications), and the
// request context it needs. Kernel: imports shared and platform only (decision 0025).
import type { FastifyInstance } from 'fastify';
import { ageOn } from '../../shared/contract/accounts.ts';
import { ONLINE_MINUTES, type TMemberCard } from '../../shared/contract/profiles.ts';
import type { MemberCardRow } from './members.ts';

/** What presenting a card needs besides its row: the site's CDN prefix and the time. */
export interface CardContext {
  cdnPrefix: string;
  now: Date;
}

/** The path of a stored file under the media route; the photos feature serves it. */
export const mediaPath = (key: string) => `/media/${key}`;

/** URL of a public file: the site's cdn_prefix (may be empty, then same origin) and the media path. */
export const publicMediaUrl = (cdnPrefix: string, key: string) =>
  `${cdnPrefix.replace(/\/+$/, '')}${mediaPath(key)}`;

export const isOnline = (lastActiveAt: Date, now: Date) =>
  now.getTime() - lastActiveAt.getTime() < ONLINE_MINUTES * 60_000;

export const ageOf = (dateOfBirth: string, now: Date) => ageOn(dateOfBirth, now) ?? 0;

const ABOUT_LINE = 160;

/** The first sentence or line of an about text, at most ABOUT_LINE characters, cut at a word. */
export function aboutLine(about: string | null): string | null {
  const text = (about ?? '').trim();
  if (!text) return null;
  const first = (text.split(/\n/)[0] ?? '').trim();
  const sentence = /^(.{20,}?[.!?])(\s|$)/u.exec(first)?.[1] ?? first;
  if ([...sentence].length <= ABOUT_LINE) return sentence;
  const cut = [...sentence].slice(0, ABOUT_LINE - 1).join('');
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 40)).trimEnd()}…`;
}

/**
 * A member as every list shows them (search, related profiles, likes, swipe): no coordinates, no e-mail,
 * and a thumbnail only of a public, approved main photo.
 */
export function presentMemberCard(row: MemberCardRow, ctx: CardContext): TMemberCard {
  return {
    id: row.userId,
    name: row.name,
    age: ageOf(row.dateOfBirth, ctx.now),
    city: row.city,
    country: row.country,
    thumb_url: row.thumbFilename ? publicMediaUrl(ctx.cdnPrefix, row.thumbFilename) : null,
    fictional: row.fictional,
    online: isOnline(row.lastActiveAt, ctx.now),
  };
}

/** What presenting member cards needs for a request: the CDN prefix of the request's site, and now. */
export async function cardContextFor(app: FastifyInstance, host: string): Promise<CardContext> {
  return { cdnPrefix: (await app.sites(host)).cdnPrefix, now: new Date() };
}
