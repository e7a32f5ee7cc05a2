/**
 * Back to the conversation (Pay-04): a purchase started from a chat, a gift or a refused message remembers
 * where it came from and what was typed, so the payment's return page leads back there and the draft waits
 * with a "Nu versturen" button. Kept in sessionStorage (this tab only, survives the provider's checkout)
 * for an hour.
 */
export interface ReturnTo {
  /** A path inside the site: the chat or the member's page. */
  path: string;
  /** Whom the conversation is with, for the button's text. */
  name: string;
  /** The text that was typed (a chat) or empty. */
  draft: string;
  at: number;
}

const KEY = 'vonk.return_to';
export const RETURN_TTL_MS = 60 * 60 * 1000;

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** Only paths of this site (a leading single slash), never a scheme or another host. */
export function isLocalPath(path: string): boolean {
  return /^\/(?![/\\])/.test(path) && !/[\s\\]/.test(path);
}

/** Parses what was stored; anything malformed, foreign or older than an hour is nothing. */
export function parseReturn(raw: string | null, now: number): ReturnTo | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<ReturnTo>;
    if (typeof v.path !== 'string' || !isLocalPath(v.path)) return null;
    if (typeof v.at !== 'number' || now - v.at > RETURN_TTL_MS || v.at > now + 60_000) return null;
    return {
      path: v.path,
      name: typeof v.name === 'string' ? v.name : '',
      draft: typeof v.draft === 'string' ? v.draft : '',
      at: v.at,
    };
  } catch {
    return null;
  }
}

export function rememberReturn(to: { path: string; name: string; draft: string }) {
  if (!isLocalPath(to.path)) return;
  storage()?.setItem(KEY, JSON.stringify({ ...to, at: Date.now() }));
}

export function readReturn(now = Date.now()): ReturnTo | null {
  return parseReturn(storage()?.getItem(KEY) ?? null, now);
}

/** The stored return for one page (the chat it was started from), or null. */
export function returnFor(path: string, now = Date.now()): ReturnTo | null {
  const r = readReturn(now);
  return r && r.path === path ? r : null;
}

export function clearReturn() {
  storage()?.removeItem(KEY);
}
