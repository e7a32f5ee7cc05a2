import { useQueryClient } from '@tanstack/react-query';
import { Gift, Timer } from 'lucide-react';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { routePath } from '../../../shared/routes.ts';
import { RULES } from '../../../shared/rules.ts';
import { useBalance } from '../../api/balance.ts';
import { useDismissTimeBonus, useTimeBonus } from '../../api/credits.ts';
import { useUser } from '../../api/session.ts';
import { Modal } from '../../components/modal.tsx';
import { Link } from '../../components/route-link.tsx';
import { percentText } from '../../i18n/values.ts';
import { formatCountdown, inMembersArea, secondsLeft } from './time-bonus-rules.ts';

/**
 * The time bonus (Pay-09): for unpaid members in their first 4 hours, a banner in the members area with a
 * countdown from the server's remaining time, and once, after 40 s in the area, a popup for members with
 * 0 credits. Both link to /credits. Gone at zero, on logout and once the member has paid.
 */
export function TimeBonus() {
  const intl = useIntl();
  const { user } = useUser();
  const balance = useBalance();
  const { pathname } = useLocation();
  const inArea = inMembersArea(pathname);
  const eligible = Boolean(user && !user.paid_user);
  const bonus = useTimeBonus(eligible);
  const queryClient = useQueryClient();
  const dismiss = useDismissTimeBonus();
  const [now, setNow] = useState(() => Date.now());
  const [popupOpen, setPopupOpen] = useState(false);

  const data = eligible ? bonus.data : undefined;
  const left = data?.active ? secondsLeft(data.remaining_seconds, bonus.dataUpdatedAt, now) : 0;
  const running = left > 0 && inArea;

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);

  // At zero the offer is over: ask the server again, which says it is no longer active.
  useEffect(() => {
    if (data?.active && left === 0) void queryClient.invalidateQueries({ queryKey: ['time-bonus'] });
  }, [data?.active, left, queryClient]);

  const wantsPopup = Boolean(running && data?.popup && balance?.credits === 0);
  useEffect(() => {
    if (!wantsPopup) return;
    // Leaving the members area (or the offer ending) clears this timer before it fires.
    const timer = setTimeout(() => setPopupOpen(true), RULES.timeBonus.popupDelayMs);
    return () => clearTimeout(timer);
  }, [wantsPopup]);

  if (!running) return null;
  const close = () => {
    setPopupOpen(false);
    dismiss.mutate();
  };
  return (
    <>
      {/* One slim line on a phone (issue 27): the offer, its countdown and the way to it. */}
      <div className="bg-secondary-soft" data-alert data-testid="time-bonus-banner">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-2 px-4 py-1 sm:flex-wrap sm:py-2">
          <p className="flex min-w-0 items-center gap-2 font-medium max-sm:text-[15px]">
            <Timer aria-hidden size={18} className="text-secondary" />
            <span className="hidden sm:inline">
              <FormattedMessage
                id="timebonus.banner"
                values={{ percentage_text: percentText(intl.locale, data?.percentage ?? 0) }}
              />
            </span>
            <span className="whitespace-nowrap sm:hidden">
              <FormattedMessage
                id="timebonus.chip"
                values={{ percentage_text: percentText(intl.locale, data?.percentage ?? 0) }}
              />
            </span>
            {/* The server's second, until the next tick a second later. */}
            <span
              className="font-mono font-bold tabular-nums"
              role="timer"
              aria-live="off"
              suppressHydrationWarning
            >
              {formatCountdown(left)}
            </span>
          </p>
          <Link
            to={routePath('credits')}
            className="btn btn-secondary min-h-10 shrink-0 py-1 max-sm:px-3 max-sm:text-sm"
          >
            <FormattedMessage id="timebonus.cta" />
          </Link>
        </div>
      </div>
      <Modal
        open={popupOpen && running}
        onOpenChange={(open) => !open && close()}
        title={
          <FormattedMessage
            id="timebonus.popup_title"
            values={{ percentage_text: percentText(intl.locale, data?.percentage ?? 0) }}
          />
        }
        description={
          <FormattedMessage
            id="timebonus.popup_body"
            values={{ hours: RULES.timeBonus.windowSeconds / 3600 }}
          />
        }
        size="sm"
      >
        <div className="space-y-4 text-center">
          <Gift aria-hidden className="mx-auto text-secondary" size={44} />
          <p className="font-mono text-2xl font-bold tabular-nums">{formatCountdown(left)}</p>
          <Link to={routePath('credits')} className="btn btn-secondary w-full" onClick={close}>
            <FormattedMessage id="timebonus.cta" />
          </Link>
        </div>
      </Modal>
    </>
  );
}
