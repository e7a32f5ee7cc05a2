/** A same-origin path to return to after login, or null for anything else (?redirect=, A-05). */
export function safeRedirect(
  value: string | null | undefined,
  // Any origin does on the server: only whether the path stays on it matters.
  origin: string = typeof location === 'undefined' ? 'http://localhost' : location.origin,
): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  try {
    const url = new URL(value, origin);
    if (url.origin !== origin) return null;
    const path = `${url.pathname}${url.search}${url.hash}`;
    return path.startsWith('/login') ? null : path;
  } catch {
    return null;
  }
}

/** /login?redirect=<path>, with the slashes of the path kept readable. */
export function loginPath(redirect: string): string {
  return `/login?redirect=${encodeURIComponent(redirect).replace(/%2F/gi, '/')}`;
}
