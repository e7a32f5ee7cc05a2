/**
 * Why a visitor signs up, when a member's landing brought them (L-08, issue 25): that member, and a first
 * message drafted in the visitor's language. Kept in this browser until the first message to that member is
 * sent: their chat's composer starts with the draft, and activation in this browser leads there too.
 */
const KEY = 'vonk.signup_reason';
/** A reason older than this is forgotten: the visitor came back for something else. */
const MAX_AGE_MS = 7 * 86_400_000;

export interface SignupReason {
  memberId: number;
  draft: string;
  at: number;
}

export function rememberSignupReason(memberId: number, draft: string): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ memberId, draft: draft.slice(0, 500), at: Date.now() }));
  } catch {
    // Storage full or blocked: the signup still works, only the chat is not opened for them.
  }
}

export function readSignupReason(): SignupReason | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<SignupReason>;
    if (
      typeof value.memberId !== 'number' ||
      !Number.isInteger(value.memberId) ||
      value.memberId <= 0 ||
      typeof value.draft !== 'string' ||
      typeof value.at !== 'number' ||
      Date.now() - value.at > MAX_AGE_MS
    ) {
      localStorage.removeItem(KEY);
      return null;
    }
    return value as SignupReason;
  } catch {
    return null;
  }
}

/** The draft for a chat with `memberId`: it stays until the first message to them is sent. */
export function chatDraftFor(memberId: number): string | null {
  const reason = readSignupReason();
  return reason && reason.memberId === memberId ? reason.draft : null;
}

/** The first message to `memberId` went out: their landing's reason is done. */
export function forgetSignupReason(memberId: number): void {
  if (readSignupReason()?.memberId !== memberId) return;
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing to forget.
  }
}
