import { ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import {
  ENTRY_WARNING_KEY,
  type LayoutName,
  SHELL_ENTRY_WARNING_ATTR,
  shouldShowEntryWarning,
} from '../../shared/entry-warning.ts';
import { matchRoute } from '../../shared/routes.ts';
import { isStandalone } from '../browser-hooks.ts';
import { Modal } from '../components/modal.tsx';
import { pageLink } from '../components/page-link.tsx';
import { useHydratingMount } from '../components/use-media-query.ts';
import { useSite } from '../site-context.tsx';

function readSkipped(): string | null {
  try {
    return localStorage.getItem(ENTRY_WARNING_KEY);
  } catch {
    return null;
  }
}

/** The shell opened the warning for this page load (platform/shell-entry-warning.ts): it stays in charge. */
function shellOwnsWarning(): boolean {
  return document.documentElement.getAttribute(SHELL_ENTRY_WARNING_ATTR) === 'shell';
}

/**
 * Site-entry warning 'Belangrijke informatie' (L-04). On a page load the server's shell shows it before
 * the app has run (decision 0018); this one shows where the shell's did not and the rules now say it
 * should, such as a layout of another kind opened inside the app.
 */
export function EntryWarning({ layout, loggedIn }: { layout: LayoutName; loggedIn: boolean }) {
  const { settings } = useSite();
  // On a page the server rendered, the server decided and its shell shows the warning (issue 24).
  const hydrating = useHydratingMount();
  const [open, setOpen] = useState(
    () =>
      !hydrating &&
      !shellOwnsWarning() &&
      shouldShowEntryWarning({
        layout,
        routeName: matchRoute(location.pathname),
        skippedAt: readSkipped(),
        standalone: isStandalone(),
        loggedIn,
        enabled: settings.enable_site_entry_popup,
        country: settings.geoip_country,
        countries: settings.countries,
      }),
  );
  const close = () => {
    try {
      localStorage.setItem(ENTRY_WARNING_KEY, new Date().toISOString());
    } catch {
      // storage full or blocked: the warning simply shows again next time
    }
    setOpen(false);
  };
  if (!open) return null;
  return (
    <Modal
      open={open}
      onOpenChange={(o) => (o ? setOpen(true) : close())}
      title={<FormattedMessage id="entry.title" />}
      size="md"
      dismissible={false}
    >
      <div className="flex gap-3">
        <ShieldAlert aria-hidden className="mt-1 shrink-0 text-primary" size={28} />
        <div className="space-y-2 text-[15px] leading-relaxed">
          <p>
            <FormattedMessage id="entry.adult" values={{ site: settings.name, min_age: settings.min_age }} />
          </p>
          <p>
            <FormattedMessage id="entry.fictional" values={{ site: settings.name }} />
          </p>
          <p>
            {/* Both documents are links (issue 27), opening beside the warning so it stays answered. */}
            <FormattedMessage
              id="entry.agree_linked"
              values={{
                terms: pageLink('terms'),
                privacy: pageLink('privacy'),
              }}
            />
          </p>
        </div>
      </div>
      {/* "Enter" comes first so the dialog focuses it; row-reverse puts it on the right on wide screens. */}
      <div className="mt-6 flex flex-col gap-2 sm:flex-row-reverse sm:justify-start">
        <button type="button" className="btn btn-primary" onClick={close}>
          <FormattedMessage id="entry.enter" values={{ min_age: settings.min_age }} />
        </button>
        <a className="btn btn-ghost" href="https://www.google.com" rel="noreferrer">
          <FormattedMessage id="entry.leave" />
        </a>
      </div>
    </Modal>
  );
}
