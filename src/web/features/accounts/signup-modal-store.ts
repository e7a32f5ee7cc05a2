import { useSyncExternalStore } from 'react';

// Whether the signup modal is open. A tiny store instead of context: the home page's button opens it and
// the layouts draw it, without either loading the signup code before it is needed.

let open = false;
const listeners = new Set<() => void>();

function set(next: boolean) {
  if (open === next) return;
  open = next;
  for (const listener of listeners) listener();
}

export const openSignupModal = () => set(true);

const PENDING_LIKE = 'vonk.pending_like';

/** A like a visitor gave before having an account; the signup sends it once the account exists (issue 11). */
export interface PendingLike {
  id: number;
  name: string;
}

export function likeAfterSignup(like: PendingLike) {
  try {
    sessionStorage.setItem(PENDING_LIKE, JSON.stringify(like));
  } catch {
    // Storage blocked: the signup goes on without the like.
  }
  set(true);
}

export function readPendingLike(): PendingLike | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(PENDING_LIKE) ?? 'null') as PendingLike | null;
    return value && Number.isInteger(value.id) && typeof value.name === 'string' ? value : null;
  } catch {
    return null;
  }
}

export function clearPendingLike() {
  try {
    sessionStorage.removeItem(PENDING_LIKE);
  } catch {
    // Nothing to clear.
  }
}
export const closeSignupModal = () => {
  set(false);
  clearPendingLike();
};

export function useSignupModalOpen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => open,
    () => false,
  );
}
