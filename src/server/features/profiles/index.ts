// The profiles feature as other features see it (decision 0025): import from here, never from its files.
export { aboutToColumns } from './about-columns.ts';
export { getShareMeta, updateOwnProfile } from './service.ts';
