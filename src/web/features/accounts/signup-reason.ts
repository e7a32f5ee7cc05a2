/**
 * Why a visitor signs up, when a member brought them: a member's landing (L-08, issue 25), with a first
 * message drafted in the visitor's language, or a visitor's "Bericht sturen" (issue 27), with the message
 * they wrote themselves. Kept in this browser (every tab: the activation link opens in a new one) until
 * the first message to that member is sent: their chat's composer starts with a draft, and activation in
 * this browser leads there too. A message the visitor wrote (`send`) goes out by itself once the account
 * is active (`kept-message.tsx`), with one client id, so it is never sent twice (C-12).
 */
const KEY = 'vonk.signup_reason';
/** A reason older than this is forgotten: the visitor came back for something else. */
const MAX_AGE_MS = 7 * 86_400_000;
export const KEPT_MESSAGE_MAX = 500;

export interface SignupReason {
  memberId: number;
  draft: string;
  at: number;
  /** The visitor wrote `draft` and asked to send it: it goes out once the account is active. */
  send?: { name: string; clientId: string };
}

function write(reason: SignupReason): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(reason));
  } catch {
    // Storage full or blocked: the signup still works, only the chat is not opened for them.
  }
}

export function rememberSignupReason(memberId: number, draft: string): void {
  write({ memberId, draft: draft.slice(0, KEPT_MESSAGE_MAX), at: Date.now() });
}

/** A client id of the C-12 shape, made once per kept message: every retry sends the same one. */
function newClientId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `kept-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The message a visitor writes to a member before having an account (issue 27). `send` false keeps it as
 * a draft only (the sheet was closed before the account existed: nothing goes out unasked).
 */
export function keepMessage(member: { id: number; name: string }, text: string, send: boolean): void {
  const current = readSignupReason();
  const draft = text.slice(0, KEPT_MESSAGE_MAX);
  const clientId = current?.memberId === member.id && current.send ? current.send.clientId : newClientId();
  write({
    memberId: member.id,
    draft,
    at: Date.now(),
    ...(send && draft.trim() !== '' ? { send: { name: member.name, clientId } } : {}),
  });
}

function isSend(value: unknown): value is SignupReason['send'] {
  const v = value as SignupReason['send'];
  return (
    v === undefined ||
    (typeof v === 'object' &&
      v !== null &&
      typeof v.name === 'string' &&
      typeof v.clientId === 'string' &&
      /^[A-Za-z0-9_-]{8,64}$/.test(v.clientId))
  );
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
      !isSend(value.send) ||
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

/**
 * The draft for a chat with `memberId`: it stays until the first message to them is sent. A message
 * waiting to go out by itself is no draft: typed again, it would be sent twice.
 */
export function chatDraftFor(memberId: number): string | null {
  const reason = readSignupReason();
  return reason && reason.memberId === memberId && !reason.send ? reason.draft : null;
}

/** The kept message could not go out by itself (refused): it waits in the composer as a draft instead. */
export function keepAsDraft(memberId: number): void {
  const reason = readSignupReason();
  if (reason?.memberId !== memberId) return;
  write({ memberId, draft: reason.draft, at: reason.at });
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
