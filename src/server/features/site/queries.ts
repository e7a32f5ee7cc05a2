// The site row moved to platform/site.ts (decision 0025). platform/web.ts still names it here until its
// server-rendering rewrite; nothing else may.
export type { SiteRow } from '../../platform/site.ts';
