import { useState } from 'react';
import { useLocation } from 'react-router';

// The last token taken out of the address, so a second read of the same page (StrictMode in development
// renders twice) still finds it.
let taken: { path: string; token: string } | null = null;

/**
 * Reads ?token= once and takes it out of the address bar (history.replaceState), so it ends up in no
 * history entry, bookmark or Referer header.
 */
export function useTokenFromAddress(): string | null {
  const address = useLocation();
  const [token] = useState(() => {
    // The server's render reads the address it renders; the browser then takes the token out of its bar.
    if (typeof window === 'undefined') return new URLSearchParams(address.search).get('token');
    const params = new URLSearchParams(location.search);
    const value = params.get('token');
    if (value === null) return taken?.path === location.pathname ? taken.token : null;
    taken = { path: location.pathname, token: value };
    params.delete('token');
    const rest = params.toString();
    history.replaceState(history.state, '', `${location.pathname}${rest ? `?${rest}` : ''}${location.hash}`);
    return value;
  });
  return token;
}
