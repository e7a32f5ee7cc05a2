// The site feature as other features see it (decision 0025): import from here, never from its files.
// The back office previews a site's settings as members' /api/settings would answer them (O-04).
export { presentSettings } from './service.ts';
