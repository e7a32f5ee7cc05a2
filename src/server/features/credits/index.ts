// The credits feature as other code sees it (decision 0025): import from here, never from its files.
export { seedCredits } from './seed.ts';
