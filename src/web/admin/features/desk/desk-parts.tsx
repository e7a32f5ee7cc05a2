import { FormattedMessage, useIntl } from 'react-intl';
import { NavLink } from 'react-router';
import type { AdminMe } from '../../api.ts';
import { can } from '../../api.ts';

/** The desk's tabs: the queue, the figures, and (admins) the openers. */
export function DeskTabs({ me }: { me: AdminMe }) {
  const intl = useIntl();
  const tabs = [
    { to: '/desk', label: 'admin.desk.nav', end: true },
    { to: '/desk/figures', label: 'admin.desk.figures.nav', end: false },
    ...(can(me, ['admin']) ? [{ to: '/desk/openers', label: 'admin.desk.openers.nav', end: false }] : []),
  ];
  return (
    <nav aria-label={intl.formatMessage({ id: 'admin.desk.title' })} className="mb-3">
      <ul className="flex gap-1 border-b border-line">
        {tabs.map((tab) => (
          <li key={tab.to}>
            <NavLink
              to={tab.to}
              end={tab.end}
              className={({ isActive }) =>
                `inline-flex min-h-11 items-center border-b-2 px-3 text-sm ${isActive ? 'border-primary font-semibold text-primary-strong' : 'border-transparent text-muted hover:text-ink'}`
              }
            >
              <FormattedMessage id={tab.label} />
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A wait as people say it: seconds, minutes, or hours and minutes. */
export function Wait({ seconds }: { seconds: number }) {
  if (seconds < 60) return <FormattedMessage id="admin.desk.wait.seconds" values={{ n: seconds }} />;
  if (seconds < 3600)
    return <FormattedMessage id="admin.desk.wait.minutes" values={{ n: Math.floor(seconds / 60) }} />;
  return (
    <FormattedMessage
      id="admin.desk.wait.hours"
      values={{ h: Math.floor(seconds / 3600), m: Math.floor((seconds % 3600) / 60) }}
    />
  );
}

/** The members' languages by their own name, for the desk's filters and notes. */
export function languageName(locale: string, display: string) {
  try {
    return new Intl.DisplayNames([display], { type: 'language' }).of(locale) ?? locale;
  } catch {
    return locale;
  }
}

export { LOCALES as MEMBER_LOCALES } from '../../../../shared/i18n/locales.ts';
