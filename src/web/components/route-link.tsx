import { type AnchorHTMLAttributes, useEffect } from 'react';
import { useNavigate } from 'react-router';

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
