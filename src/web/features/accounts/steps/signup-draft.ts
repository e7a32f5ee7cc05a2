import { GENDERS } from '../../../../shared/contract/accounts.ts';
import type { ChosenPlace } from './place-field.tsx';

type Gender = (typeof GENDERS)[number];

/**
 * The signup's answers so far, kept for this tab only (sessionStorage) so a reload on a later question,
 * or a phone that drops the tab in the background, does not lose them. Never the password, and not the
 * terms: those are given again. Cleared once the account exists.
 */
export interface SignupDraft {
  email: string;
  name: string;
  signup_message: string;
  gender: Gender | undefined;
  looking_for: Gender[];
  dob: { day: string; month: string; year: string };
  place: ChosenPlace | null;
}

const KEY = 'vonk.signup_draft';

const text = (v: unknown, max: number) => (typeof v === 'string' ? v.slice(0, max) : '');
const isGender = (v: unknown): v is Gender => GENDERS.includes(v as Gender);
const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** What this tab kept, each answer checked: a stored value of the wrong shape counts as not given. */
export function readSignupDraft(): Partial<SignupDraft> {
  let raw: unknown;
  try {
    raw = JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
  } catch {
    return {};
  }
  if (!raw || typeof raw !== 'object') return {};
  const d = raw as Record<string, unknown>;
  const dob = (d.dob ?? {}) as Record<string, unknown>;
  const place = d.place as Record<string, unknown> | null | undefined;
  return {
    email: text(d.email, 254),
    name: text(d.name, 30),
    signup_message: text(d.signup_message, 2000),
    gender: isGender(d.gender) ? d.gender : undefined,
    looking_for: Array.isArray(d.looking_for) ? d.looking_for.filter(isGender) : [],
    dob: { day: text(dob.day, 2), month: text(dob.month, 2), year: text(dob.year, 4) },
    place:
      place && finite(place.lat) && finite(place.lon) && typeof place.label === 'string'
        ? { lat: place.lat, lon: place.lon, label: place.label.slice(0, 200) }
        : null,
  };
}

export function writeSignupDraft(draft: SignupDraft) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(draft));
  } catch {
    // Private mode or a full storage: the answers then live only as long as the page.
  }
}

export function clearSignupDraft() {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing was kept.
  }
}

/**
 * What a lander asked before the signup (issue 25: who the visitor is, whom they look for) as the
 * signup's first answers; answers the visitor gave in this tab before are kept where the lander asked nothing.
 */
export function prefillSignupDraft(answers: { gender?: Gender; looking_for?: Gender[] }) {
  const d = readSignupDraft();
  writeSignupDraft({
    email: d.email ?? '',
    name: d.name ?? '',
    signup_message: d.signup_message ?? '',
    gender: answers.gender ?? d.gender,
    looking_for: answers.looking_for ?? d.looking_for ?? [],
    dob: d.dob ?? { day: '', month: '', year: '' },
    place: d.place ?? null,
  });
}
