import { FormattedMessage } from 'react-intl';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/** A page of the back office that does not exist, or failed: said plainly, with the way back. */
export function AdminRouteError() {
  const error = useRouteError();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="mx-auto max-w-3xl space-y-3 p-6">
      <h1 className="text-xl font-bold">
        <FormattedMessage id={missing ? 'admin.not_found' : 'admin.error.general'} />
      </h1>
      <Link to="/" className="text-primary-strong underline">
        <FormattedMessage id="admin.title" />
      </Link>
    </main>
  );
}

export function AdminHydrateFallback() {
  return (
    <p className="p-6 text-muted" role="status">
      <FormattedMessage id="admin.loading" />
    </p>
  );
}
