import { Bell, Camera, MailWarning, X } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router';
import type { TUser } from '../../shared/contract/accounts.ts';
import { matchRoute, pathFor } from '../../shared/routes.ts';
import { useResendActivation } from '../api/accounts.ts';
import { useCounts } from '../api/counts.ts';
import { errorText } from '../api/error-text.ts';
import { usePush } from '../api/push.ts';
import { useUser } from '../api/session.ts';
import { Modal } from '../components/modal.tsx';
import { Link } from '../components/route-link.tsx';
import { useBrowserValue, useMediaQuery } from '../components/use-media-query.ts';
import { useSite } from '../site-context.tsx';
import {
  activationReminderAsModal,
  disabledAlertKey,
  emailAlertKind,
  engagedByCounts,
  engagedKey,
  photoWarningKey,
  pushAlertKey,
  shouldShowActivationReminder,
  shouldShowDisabledAlert,
  shouldShowPhotoWarning,
  shouldShowPushAlert,
} from './alert-rules.ts';

/** A small screen or a touch pointer (either, as a media query list): a smartphone, as far as the page can tell. */
export const useSmartphone = (): boolean => useMediaQuery('(max-width: 767px), (pointer: coarse)');

function Resend({ compact = false }: { compact?: boolean }) {
  const intl = useIntl();
  const resend = useResendActivation();
  return (
    <div
      className={`flex items-center gap-x-3 gap-y-1 ${compact ? 'shrink-0 max-sm:flex-row-reverse' : 'flex-wrap'}`}
    >
      <button
        type="button"
        className="btn btn-primary min-h-10 shrink-0 px-4 py-1.5 text-sm sm:min-h-11 sm:py-2"
        onClick={() => resend.mutate()}
        disabled={resend.isPending || resend.isSuccess}
      >
        <FormattedMessage id="activation.resend" />
      </button>
      <span role="status" className="text-sm font-medium">
        {resend.isSuccess && <FormattedMessage id="activation.resent" />}
        {resend.isError && errorText(resend.error, intl)}
      </span>
    </div>
  );
}

function ReminderText({ user }: { user: TUser }) {
  return (
    <FormattedMessage
      id="activation.reminder_body"
      values={{ email: user.email, b: (chunks) => <strong className="break-all">{chunks}</strong> }}
    />
  );
}

/**
 * The activation reminder: on a phone one slim line (issue 27: the first result stays in view), the
 * address and the whole text from small screens up.
 */
function ActivationAlert({ user }: { user: TUser }) {
  return (
    <div
      className="border-b border-secondary/40 bg-secondary-soft text-on-secondary"
      data-alert
      data-testid="activation-reminder"
    >
      <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-1 sm:justify-between sm:py-3">
        <div className="flex min-w-0 flex-1 items-center gap-3 sm:items-start">
          <MailWarning aria-hidden size={22} className="shrink-0 sm:mt-0.5" />
          <div className="min-w-0">
            <p className="truncate font-semibold max-sm:text-[15px]">
              <FormattedMessage id="activation.reminder_title" />
            </p>
            <p className="hidden text-[15px] sm:block">
              <ReminderText user={user} />
            </p>
          </div>
        </div>
        <Resend compact />
      </div>
    </div>
  );
}

function ActivationModal({ user }: { user: TUser }) {
  const location = useLocation();
  const navigate = useNavigate();
  // Closing drops the flag: the reminder stays, as the bar under the navigation.
  const close = () => {
    const params = new URLSearchParams(location.search);
    params.delete('signup-complete');
    const rest = params.toString();
    navigate({ pathname: location.pathname, search: rest ? `?${rest}` : '' }, { replace: true });
  };
  return (
    <Modal
      open
      onOpenChange={(o) => (o ? undefined : close())}
      title={<FormattedMessage id="activation.reminder_title" />}
      size="sm"
    >
      <div className="space-y-4">
        <MailWarning aria-hidden size={40} className="text-primary" />
        <p>
          <ReminderText user={user} />
        </p>
        <Resend />
        <button type="button" className="btn btn-ghost w-full" onClick={close}>
          <FormattedMessage id="activation.later" />
        </button>
      </div>
    </Modal>
  );
}

function readDismissal(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

const dismissalListeners = new Set<() => void>();
const subscribeDismissals = (onChange: () => void) => {
  dismissalListeners.add(onChange);
  return () => {
    dismissalListeners.delete(onChange);
  };
};

/**
 * A dismissal kept in this browser's storage, and its setter. The server's render, and hydration over it,
 * know of none; the browser's own value follows right after, in a transition (useBrowserValue).
 */
function useDismissal(key: string): [string | null, (value: string) => void] {
  const read = useCallback(() => readDismissal(key), [key]);
  const value = useBrowserValue(subscribeDismissals, read, null);
  const set = (next: string) => {
    storeDismissal(key, next);
    for (const listener of dismissalListeners) listener();
  };
  return [value, set];
}

/** "Add a profile photo": for members without a main image, until they dismiss it (L-05, spec §4). */
function PhotoWarning({ user, routeName }: { user: TUser; routeName: string | null }) {
  const key = photoWarningKey(user.id);
  const [dismissedAt, setDismissedAt] = useDismissal(key);
  const profile = pathFor('profile');
  if (!profile || !shouldShowPhotoWarning(user, routeName, dismissedAt, Date.now())) return null;
  const dismiss = () => {
    setDismissedAt(new Date().toISOString());
  };
  return (
    <LinkAlert
      testId="photo-warning"
      messages="photo_warning"
      to={profile}
      icon={<Camera aria-hidden size={22} className="shrink-0 text-primary" />}
      className="border-b border-primary/20 bg-primary-soft"
      linkClassName="text-primary-strong"
      onDismiss={dismiss}
    />
  );
}

/**
 * An alert bar with a title, a text shown from small screens up, a link to the page that solves it and a
 * close button; its texts are `<messages>.title`, `.body`, `.action` and `.dismiss`.
 */
function LinkAlert(props: {
  testId: string;
  messages: string;
  to: string;
  icon: ReactNode;
  className: string;
  linkClassName?: string;
  onDismiss: () => void;
}) {
  const intl = useIntl();
  const id = (part: string) => `${props.messages}.${part}`;
  return (
    <section
      aria-label={intl.formatMessage({ id: id('title') })}
      className={props.className}
      data-alert
      data-testid={props.testId}
    >
      <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-0.5 sm:py-2">
        {props.icon}
        <p className="min-w-0 flex-1 text-[15px]">
          <strong className="font-semibold">
            <FormattedMessage id={id('title')} />
          </strong>{' '}
          <span className="hidden sm:inline">
            <FormattedMessage id={id('body')} />
          </span>{' '}
          <Link
            to={props.to}
            className={`inline-flex min-h-11 items-center font-semibold underline underline-offset-2 ${props.linkClassName ?? ''}`}
          >
            <FormattedMessage id={id('action')} />
          </Link>
        </p>
        <DismissButton label={intl.formatMessage({ id: id('dismiss') })} onClick={props.onDismiss} />
      </div>
    </section>
  );
}

function storeDismissal(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage blocked: hidden for this visit only.
  }
}

function DismissButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className="-mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-full text-muted hover:bg-white/70 hover:text-ink"
    >
      <X aria-hidden size={20} />
    </button>
  );
}

/** "Turn on notifications" (L-05, N-02): permission states of spec §4, hidden-on pages, stored dismissal. */
function PushAlert({ user, routeName }: { user: TUser; routeName: string | null }) {
  const intl = useIntl();
  const { settings } = useSite();
  const push = usePush(settings.push_public_key);
  const key = pushAlertKey(user.id);
  const [dismissedAt, setDismissedAt] = useDismissal(key);
  const dismissed = dismissedAt !== null;
  const [asked, setAsked] = useState(false);
  // Issue 27: offered after a first like, match or message, and from then on (kept in this browser).
  const counts = useCounts();
  const [engagedAt, setEngagedAt] = useDismissal(engagedKey(user.id));
  const engagedNow = engagedByCounts(counts);
  useEffect(() => {
    if (engagedNow && engagedAt === null) setEngagedAt(new Date().toISOString());
  }, [engagedNow, engagedAt, setEngagedAt]);
  if (!push.state || !settings.push_public_key) return null;
  const deniedNow = asked && push.state.permission === 'denied';
  const engaged = engagedNow || engagedAt !== null;
  if (!deniedNow && !shouldShowPushAlert(push.state, routeName, dismissed, engaged)) return null;
  const dismiss = () => {
    setDismissedAt(new Date().toISOString());
  };
  return (
    <section
      aria-label={intl.formatMessage({ id: 'notify.push_alert.title' })}
      className="border-b border-primary/20 bg-primary-soft"
      data-alert
      data-testid="push-alert"
    >
      <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-0.5 sm:py-2">
        <Bell aria-hidden size={22} className="shrink-0 text-primary" />
        <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-3 gap-y-1">
          <p className="min-w-0 flex-1 basis-56 text-[15px]" role="status">
            <strong className="font-semibold">
              <FormattedMessage id="notify.push_alert.title" />
            </strong>{' '}
            {deniedNow ? (
              <FormattedMessage id="notify.push_alert.denied" />
            ) : (
              <span className="hidden sm:inline">
                <FormattedMessage id="notify.push_alert.after_first" />
              </span>
            )}
          </p>
          {!deniedNow && (
            <button
              type="button"
              className="btn btn-primary min-h-10 shrink-0 px-4 py-1.5 text-sm sm:min-h-11 sm:py-2"
              disabled={push.busy}
              onClick={() => {
                setAsked(true);
                void push.enable();
              }}
            >
              <FormattedMessage id="notify.push_alert.enable" />
            </button>
          )}
        </div>
        <DismissButton label={intl.formatMessage({ id: 'notify.push_alert.dismiss' })} onClick={dismiss} />
      </div>
    </section>
  );
}

/** "We can't send you e-mails" (L-05, N-04): with a link to the settings, where e-mail goes back on. */
function DisabledAlert({ user, routeName }: { user: TUser; routeName: string | null }) {
  const key = disabledAlertKey(user.id);
  const [dismissedFor, setDismissedFor] = useDismissal(key);
  const settingsPath = pathFor('settings');
  if (!settingsPath || !shouldShowDisabledAlert(user, routeName, dismissedFor)) return null;
  const dismiss = () => {
    const reasons = [...user.notifications_disabled].sort().join(',');
    setDismissedFor(reasons);
  };
  const unsubscribed = emailAlertKind(user.notifications_disabled) === 'unsubscribed';
  return (
    <LinkAlert
      testId="email-disabled-alert"
      // Issue 27: one type turned off by a mail's link is not "we can't send you e-mails".
      messages={unsubscribed ? 'notify.unsubscribed_alert' : 'notify.disabled_alert'}
      to={settingsPath}
      icon={<MailWarning aria-hidden size={22} className="shrink-0" />}
      className="border-b border-secondary/40 bg-secondary-soft text-on-secondary"
      onDismiss={dismiss}
    />
  );
}

/**
 * The warnings header of the default layout, under the top navigation (L-05), with the welcome offer
 * (`bonus`, Pay-09) among them.
 */
export function Alerts({ bonus }: { bonus?: ReactNode }) {
  const { user } = useUser();
  const location = useLocation();
  const smartphone = useSmartphone();
  if (!user) return null;
  const routeName = matchRoute(location.pathname);
  let activation: ReactNode = null;
  if (shouldShowActivationReminder(user, routeName)) {
    activation = activationReminderAsModal(location.search, smartphone) ? (
      <ActivationModal user={user} />
    ) : (
      <ActivationAlert user={user} />
    );
  }
  // On a phone one prompt at a time (issue 27), the most important first (activation, the welcome offer
  // while it runs, photo, e-mail, push): the next shows once that one is dismissed or done, so the first
  // result card stays within 200 px of the top.
  return (
    <div className="max-sm:[&>[data-alert]~[data-alert]]:hidden" data-testid="alerts">
      {activation}
      {bonus}
      {/* Keyed by member: another member on this browser reads their own dismissal. */}
      <PhotoWarning key={user.id} user={user} routeName={routeName} />
      <DisabledAlert key={`mail-${user.id}`} user={user} routeName={routeName} />
      <PushAlert key={`push-${user.id}`} user={user} routeName={routeName} />
    </div>
  );
}
