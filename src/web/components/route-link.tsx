import { type AnchorHTMLAttributes, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * A link inside the app, for lists that draw many of them (member cards): a plain `<a>`, without the
 * hooks each react-router `<Link>` runs on every render, routed by the app's one click listener
 * (`useRouteLinks`). Without JavaScript, or opened in a new tab, it is an ordinary link (P-01).
 */
export function RouteLink(props: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  return <a {...props} data-route="" />;
}

/** Routes clicks on `RouteLink`s inside the app, as react-router's `<Link>` does for its own. */
export function useRouteLinks() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = event.target instanceof Element ? event.target.closest('a[data-route]') : null;
      if (!(anchor instanceof HTMLAnchorElement)) return;
      if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return;
      const url = new URL(anchor.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      const to = url.pathname + url.search + url.hash;
      const here = window.location.pathname + window.location.search + window.location.hash;
      void navigate(to, { replace: to === here });
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [navigate]);
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/** The app's `<Link>`: react-router's props that Vonk uses (`to`, an absolute path), drawn as a `RouteLink`. */
export function Link({ to, ...rest }: LinkProps) {
  return <RouteLink href={to} {...rest} />;
}

/** Whether a link to `to` is the current page, as react-router's `<NavLink>` decides (case-insensitive). */
export function isCurrentPath(pathname: string, to: string, end = false): boolean {
  const here = pathname.toLowerCase();
  const path = (to.split(/[?#]/)[0] ?? '').toLowerCase();
  if (here === path) return true;
  if (end || path === '/') return false;
  const base = path.endsWith('/') ? path.slice(0, -1) : path;
  return here.startsWith(base) && here.charAt(base.length) === '/';
}

/** The app's `<NavLink>`: a `Link` with `aria-current="page"` while it is the current page. */
export function NavLink({ end = false, ...props }: LinkProps & { end?: boolean }) {
  const { pathname } = useLocation();
  return <Link aria-current={isCurrentPath(pathname, props.to, end) ? 'page' : undefined} {...props} />;
}
