/** Account, photo, three about-me steps and the activation mail: six steps on the server (spec §2). */
export const SIGNUP_STEPS = 6;
/** `user.signup_step` of a member who finished every step. */
export const SIGNUP_DONE = 6;
/** Where a finished signup lands: the first matches, with the flag that may show the activation modal. */
export const SIGNUP_FINISHED_PATH = '/signup-matches?signup-complete=1';

/**
 * The screens a member sees: account, photo, three short about-me screens ("Over mij" first, issue 27) and
 * the mail, one per server step (spec §2: step 0 account, step 1 photo, steps 2 to 4 about me). `screenOf`
 * maps a `signup_step` to its screen.
 */
export const SIGNUP_SCREENS = 6;
export function screenOf(step: number): number {
  return Math.max(0, Math.min(step, SIGNUP_SCREENS - 1));
}
