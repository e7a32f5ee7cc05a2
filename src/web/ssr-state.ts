import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';
import type { Locale } from '../shared/i18n/locales.ts';

/**
 * What a server-rendered page hands to the browser's app, as JSON in `<script type="application/json">`
 * (no inline script, so the CSP needs no `unsafe-inline`): the locale it was rendered in, the query
 * answers it rendered from and the router's loader answers. Hydration starts from exactly these, so it
 * renders what the server rendered and asks the API for none of it again.
 */
export interface ServerState {
  locale: Locale;
  queries: DehydratedState;
  router: HydrationState;
}

export const SERVER_STATE_ID = 'vonk-state';

/** JSON that is safe inside a script element: no `</script>`, no HTML comment, no line separators. */
export function serializeState(state: ServerState): string {
  return JSON.stringify(state)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function readServerState(doc: Document = document): ServerState | null {
  const el = doc.getElementById(SERVER_STATE_ID);
  if (!el?.textContent) return null;
  try {
    return JSON.parse(el.textContent) as ServerState;
  } catch {
    return null;
  }
}
