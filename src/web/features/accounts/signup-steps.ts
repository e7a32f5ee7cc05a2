/** Account, photo, three about-me steps and the activation mail: six steps on the server (spec §2). */
export const SIGNUP_STEPS = 6;
/** `user.signup_step` of a member who finished every step. */
export const SIGNUP_DONE = 6;
/** Where a finished signup lands: the first matches, with the flag that may show the activation modal. */
export const SIGNUP_FINISHED_PATH = '/signup-matches?signup-complete=1';

/**
 * The screens a member sees: account, photo, about me (server steps 2-4 on one screen, decision 0015) and
 * the mail. `screenOf` maps a `signup_step` to its screen, so a member who left at 2, 3 or 4 lands on the
 * about-me screen.
 */
export const SIGNUP_SCREENS = 4;
export function screenOf(step: number): number {
  return step <= 1 ? step : step <= 4 ? 2 : 3;
}
