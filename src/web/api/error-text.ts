import type { IntlShape } from 'react-intl';
import { ApiError } from './client.ts';

/** What to tell the member about a failed call: the server's own (localised) words, or the general text. */
export function errorText(err: unknown, intl: IntlShape): string {
  return err instanceof ApiError && err.status < 500
    ? err.message
    : intl.formatMessage({ id: 'error.general' });
}
