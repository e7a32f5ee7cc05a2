// The chat feature as other features see it (decision 0025): import from here, never from its files.
export { unreadSumQuery } from './queries.ts';
