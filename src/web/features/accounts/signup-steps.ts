/** Account, photo, three about-me steps and the activation mail: six in all (spec §2). */
export const SIGNUP_STEPS = 6;
/** `user.signup_step` of a member who finished every step. */
export const SIGNUP_DONE = 6;
/** Where a finished signup lands: the first matches, with the flag that may show the activation modal. */
export const SIGNUP_FINISHED_PATH = '/signup-matches?signup-complete=1';
