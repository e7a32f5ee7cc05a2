/**
 * Which media keys were just found public, for a few seconds, so a burst of `/media` requests does not
 * put one database query each in front of everything else (issue 10 item 7: the embedded database is one
 * connection). Safe because a public file's answer may be cached by browsers and CDNs for a year anyway;
 * this process forgets a key at once when its photo changes here (renamed, deleted), and other instances
 * within the few seconds.
 */
const TTL_MS = 5_000;
const MAX_KEYS = 10_000;
const until = new Map<string, number>();

export function isKnownPublic(key: string, now = Date.now()): boolean {
  const expires = until.get(key);
  if (expires === undefined) return false;
  if (expires > now) return true;
  until.delete(key);
  return false;
}

export function rememberPublic(key: string, now = Date.now()): void {
  // A full map is emptied rather than sorted: the keys that matter come back within one request each.
  if (until.size >= MAX_KEYS) until.clear();
  until.set(key, now + TTL_MS);
}

export function forgetPublic(keys: readonly string[]): void {
  for (const key of keys) until.delete(key);
}
