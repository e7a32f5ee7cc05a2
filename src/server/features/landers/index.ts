// The landers feature as other features see it (decision 0025): import from here, never from its files.
export { landerFunnel } from './queries.ts';
export { recordLanderSignup } from './service.ts';
