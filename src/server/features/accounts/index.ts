// The accounts feature as other features see it (decision 0025): import from here, never from its files.
export { banMember, deleteAccountForMember, unbanMember } from './account-settings.ts';
// For the demo seed.
export { findUserByEmail } from './queries.ts';
// For the back office (O-02): a new activation mail, in the member's language from their site.
export { resendActivation } from './recovery.ts';
export type { RequestContext } from './service.ts';
export { hashPassword, SIGNUP_DONE } from './service.ts';
export { bookCredits } from './wallet.ts';
