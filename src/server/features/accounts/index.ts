// The accounts feature as other features see it (decision 0025): import from here, never from its files.
export { banMember } from './account-settings.ts';
// For the demo seed.
export { findUserByEmail } from './queries.ts';
export { hashPassword, SIGNUP_DONE } from './service.ts';
export { bookCredits } from './wallet.ts';
