import { Navigate } from 'react-router';
import { useServerHead } from '../head.tsx';

/**
 * `<Navigate replace>` that also works in the server's render: there it notes the address, and the server
 * answers the page with a redirect (a visitor asking for a members-only page goes to the login at once).
 */
export function Redirect({ to }: { to: string }) {
  const head = useServerHead();
  if (head) {
    head.redirect ??= to;
    return null;
  }
  return <Navigate to={to} replace />;
}
