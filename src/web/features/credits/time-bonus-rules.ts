import { matchRoute } from '../../../shared/routes.ts';

/** The members area of spec §2, where the time-bonus banner and popup live (Pay-09). */
export const MEMBERS_AREA: readonly string[] = [
  'members',
  'members-id',
  'chats',
  'likes',
  'likes-m-id',
  'premium',
];

export function inMembersArea(pathname: string): boolean {
  const name = matchRoute(pathname);
  return name !== null && MEMBERS_AREA.includes(name);
}

/** Seconds as hh:mm:ss, the countdown's face. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/** Seconds left at `now` of a countdown that had `remaining` seconds when the server answered at `answeredAt`. */
export function secondsLeft(remaining: number, answeredAt: number, now: number): number {
  return Math.max(0, remaining - Math.floor((now - answeredAt) / 1000));
}
