import { Home } from 'lucide-react';
import { Component, type ReactNode, useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { isChunkLoadError, reloadForChunkError } from '../../browser-hooks.ts';
import { useOnline } from '../../components/offline-notice.tsx';
import { Link } from '../../components/route-link.tsx';
import { usePageTitle } from '../../use-page-title.ts';

/** Status and message of whatever a route threw; 500 unless it says otherwise (P-10). */
export function describeError(error: unknown): { status: number; message: string | null } {
  if (isRouteErrorResponse(error)) return { status: error.status, message: error.statusText || null };
  if (error && typeof error === 'object' && 'status' in error && typeof error.status === 'number') {
    return { status: error.status, message: error instanceof Error ? error.message : null };
  }
  return { status: 500, message: error instanceof Error ? error.message : null };
}

/**
 * An error page that names the next step (issue 27): its own title (a 404 is not the landing), and a
 * button, home unless the page knows a better way on (`action`, e.g. back to the chats).
 */
export function ErrorView({
  status,
  message,
  title,
  body,
  action,
}: {
  /** Shown large above the heading; none where a number says nothing (offline). */
  status: number | null;
  message: string | null;
  /** Replaces the generic heading ("Deze pagina kon niet worden gevonden"). */
  title?: string;
  body?: string;
  action?: { to: string; label: string };
}) {
  const intl = useIntl();
  const heading =
    title ?? intl.formatMessage({ id: status === 404 ? 'error.page_not_found' : 'error.general' });
  usePageTitle(heading);
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      {status !== null && (
        <p className="mb-4 text-6xl font-extrabold text-primary" aria-hidden>
          {status}
        </p>
      )}
      <h1 className="text-2xl font-bold">{heading}</h1>
      {body && <p className="mt-3 text-muted">{body}</p>}
      {status !== 404 && message && <p className="mt-3 break-words text-muted">{message}</p>}
      {action ? (
        <Link to={action.to} className="btn btn-primary mt-8">
          {action.label}
        </Link>
      ) : (
        <Link to="/" className="btn btn-primary mt-8">
          <Home aria-hidden size={18} />
          <FormattedMessage id="error.home" />
        </Link>
      )}
    </div>
  );
}

/** When drawing the error page fails too, this plain fallback still says what happened. */
class ErrorPageBoundary extends Component<{ children: ReactNode }, { failed: Error | null }> {
  state = { failed: null as Error | null };
  static getDerivedStateFromError(failed: Error) {
    return { failed };
  }
  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="mx-auto max-w-xl px-4 py-20">
        <h1 className="text-2xl font-bold">
          <FormattedMessage id="error.error_page_failed" />
        </h1>
        <pre className="mt-4 overflow-auto rounded-lg bg-surface p-3 text-sm">
          {this.state.failed.message}
        </pre>
        <a href="/" className="btn btn-primary mt-6">
          <FormattedMessage id="error.home" />
        </a>
      </div>
    );
  }
}

/**
 * The router's error element: chunk failures reload once a minute at most (P-09), others show P-10. A page
 * whose code could not load offline (no service worker yet) says so, and reloads when the connection
 * returns, instead of reloading into the browser's own error page (issue 27).
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const intl = useIntl();
  const { pathname, search } = useLocation();
  const chunk = isChunkLoadError(error);
  const online = useOnline();
  useEffect(() => {
    if (chunk && online) reloadForChunkError();
  }, [chunk, online]);
  const { status, message } = describeError(error);
  return (
    <ErrorPageBoundary>
      {chunk && !online ? (
        <ErrorView
          status={null}
          message={null}
          title={intl.formatMessage({ id: 'offline.page_title' })}
          body={intl.formatMessage({ id: 'offline.page_body' })}
          action={{ to: `${pathname}${search}`, label: intl.formatMessage({ id: 'offline.retry' }) }}
        />
      ) : (
        <ErrorView status={status} message={message} />
      )}
    </ErrorPageBoundary>
  );
}

export function NotFoundPage() {
  return <ErrorView status={404} message={null} />;
}
