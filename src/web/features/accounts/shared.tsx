import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import type { TUser } from '../../../shared/contract/accounts.ts';
import type { TSettings } from '../../../shared/contract/site.ts';
import { useUser } from '../../api/session.ts';
import { Redirect } from '../../components/redirect.tsx';
import { hasTrafficSource, readTracking } from '../../tracking.ts';
import { loginPath } from './redirect.ts';

/** Sign-up is open when the site takes everyone, or takes visitors with a traffic source and this is one. */
export function signupAllowed(settings: Pick<TSettings, 'signups'>): boolean {
  return settings.signups === 'all' || hasTrafficSource(readTracking());
}

/** The label of a contract value from the catalog: `gender.male`, `tattoos.some`, ... */
export function useOptionLabel(prefix: string) {
  const intl = useIntl();
  return (value: string) => intl.formatMessage({ id: `${prefix}.${value}` });
}

export function PageSkeleton() {
  return (
    <div className="mx-auto max-w-lg animate-pulse space-y-4 px-4 py-10" aria-busy="true">
      <div className="h-9 w-2/3 rounded-lg bg-surface" />
      <div className="h-4 rounded bg-surface" />
      <div className="h-48 rounded-2xl bg-surface" />
    </div>
  );
}

/** Members only: visitors go to /login?redirect=<this page>, and come back after logging in. */
export function RequireLogin({ children }: { children: (user: TUser) => ReactNode }) {
  const { user, isPending } = useUser();
  const location = useLocation();
  if (isPending) return <PageSkeleton />;
  if (!user) return <Redirect to={loginPath(`${location.pathname}${location.search}`)} />;
  return <>{children(user)}</>;
}

/** The narrow centred column of the account pages (login, reset, activation), mobile first. */
export function AuthPage(props: {
  icon?: LucideIcon;
  tone?: 'primary' | 'danger';
  title: ReactNode;
  intro?: ReactNode;
  children?: ReactNode;
  wide?: boolean;
}) {
  const Icon = props.icon;
  return (
    <div className={`mx-auto px-4 py-8 sm:py-14 ${props.wide ? 'max-w-2xl' : 'max-w-md'}`}>
      {Icon && (
        <span
          className={`mb-4 inline-flex size-14 items-center justify-center rounded-2xl ${
            props.tone === 'danger' ? 'bg-danger/10 text-danger' : 'bg-primary-soft text-primary'
          }`}
        >
          <Icon aria-hidden size={28} />
        </span>
      )}
      <h1 className="text-3xl font-extrabold tracking-tight">{props.title}</h1>
      {props.intro && <p className="mt-2 text-[17px] leading-relaxed text-muted">{props.intro}</p>}
      {props.children && <div className="mt-6">{props.children}</div>}
    </div>
  );
}
