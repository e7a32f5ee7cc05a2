/**
 * The modules every server-rendered page preloads beside the entry: hydration needs the layouts and the
 * root chrome at once (platform/web.ts), so they count toward the first page's JavaScript
 * (scripts/check-bundle.ts).
 */
export const LAYOUT_MODULES = ['layouts/layouts.tsx', 'layouts/root-chrome.tsx'] as const;
