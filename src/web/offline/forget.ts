/** Where the logged-in member's answers are kept for an offline start (persist.ts). */
export const MEMBER_COPY_KEY = 'vonk.offline.member';

/**
 * Forgets the member's kept answers: on logout, deletion, a ban or a lost session (session.ts), and when
 * another member logs in (persist.ts). Part of the entry, so it works before the keeping code has loaded.
 */
export function forgetOfflineCopy(): void {
  try {
    localStorage.removeItem(MEMBER_COPY_KEY);
  } catch {
    // No storage (private mode): nothing was kept.
  }
}
