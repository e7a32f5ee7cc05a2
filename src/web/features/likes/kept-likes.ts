import { useEffect } from 'react';
import { call } from '../../api/client.ts';

/**
 * Likes a visitor gave on the tinderswipe lander before having an account (L-07, issue 25): kept in this
 * browser and sent once the account exists, like the single like of the signup sheet (issue 11).
 */
const KEY = 'vonk.kept_likes';
const MAX = 50;

export function readKeptLikes(): number[] {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(value)
      ? value
          .filter((id): id is number => Number.isInteger(id) && id > 0 && id <= 2_147_483_647)
          .slice(0, MAX)
      : [];
  } catch {
    return [];
  }
}

export function keepLike(id: number): number {
  const ids = [...new Set([...readKeptLikes(), id])].slice(0, MAX);
  try {
    localStorage.setItem(KEY, JSON.stringify(ids));
  } catch {
    // Storage blocked: the like is lost, the signup still works.
  }
  return ids.length;
}

function clearKeptLikes() {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing to clear.
  }
}

/** Once there is an account (`signedUp`), the kept likes go out, each once; a refused one is dropped. */
export function useSendKeptLikes(signedUp: boolean) {
  useEffect(() => {
    if (!signedUp) return;
    const ids = readKeptLikes();
    if (ids.length === 0) return;
    clearKeptLikes();
    void (async () => {
      for (const id of ids)
        await call('POST /api/members/:id/like', { params: { id } }).catch(() => undefined);
    })();
  }, [signedUp]);
}
