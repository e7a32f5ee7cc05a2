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
const PENDING_MESSAGE = 'vonk.pending_message';

/** A like a visitor gave before having an account; the signup sends it once the account exists (issue 11). */
export interface PendingLike {
  id: number;
  name: string;
}

function store(key: string, value: PendingLike | null) {
  try {
    if (value) sessionStorage.setItem(key, JSON.stringify(value));
    else sessionStorage.removeItem(key);
  } catch {
    // Storage blocked: the signup goes on without what was kept.
  }
}

function read(key: string): PendingLike | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(key) ?? 'null') as PendingLike | null;
    return value && Number.isInteger(value.id) && typeof value.name === 'string' ? value : null;
  } catch {
    return null;
  }
}

/** One reason per sheet: the like or the message tapped last. */
export function likeAfterSignup(like: PendingLike) {
  store(PENDING_MESSAGE, null);
  store(PENDING_LIKE, like);
  set(true);
}

/**
 * A visitor's "Bericht sturen" (issue 27): the same sheet as the like, which first asks for the message
 * and keeps it (signup-reason.ts) until the account is active, then sends it.
 */
export function messageAfterSignup(member: PendingLike) {
  store(PENDING_LIKE, null);
  store(PENDING_MESSAGE, member);
  set(true);
}

export const readPendingLike = () => read(PENDING_LIKE);
export const readPendingMessage = () => read(PENDING_MESSAGE);
export const clearPendingLike = () => store(PENDING_LIKE, null);

export const closeSignupModal = () => {
  set(false);
  clearPendingLike();
  store(PENDING_MESSAGE, null);
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
