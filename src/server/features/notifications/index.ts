// The notifications feature as other features see it (decision 0025): import from here, never from its
// files.
export { countsQuery, findWallet, newLikesQuery } from './inbox-queries.ts';
export { createNotification, createNotificationOnce } from './inbox-service.ts';
export { savePushSubscription } from './service.ts';
