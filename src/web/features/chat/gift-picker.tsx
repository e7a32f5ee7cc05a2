import { Coins } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { TGift } from '../../../shared/contract/chat.ts';
import { useGifts } from '../../api/chat.ts';
import { ErrorAlert } from '../../components/form.tsx';
import { Modal } from '../../components/modal.tsx';

/** The gift catalogue in a dialog (C-09): a grid of pictures with name and price; picking one sends it. */
export function GiftPicker(props: {
  open: boolean;
  onOpenChange(open: boolean): void;
  name: string;
  pending?: boolean;
  onPick(gift: TGift): void;
}) {
  const intl = useIntl();
  const gifts = useGifts(props.open);
  // Issue 27: closed (Escape included), focus goes back to the button that opened it, not to the page.
  // The dialog unmounts as it closes, and the browser's own return of focus does not always survive that.
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (props.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      return;
    }
    const back = opener.current;
    opener.current = null;
    if (!back) return;
    const frame = requestAnimationFrame(() => {
      if (back.isConnected && (document.activeElement === document.body || document.activeElement === null))
        back.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [props.open]);
  return (
    <Modal
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={<FormattedMessage id="chat.gift_title" values={{ name: props.name }} />}
      description={<FormattedMessage id="chat.gift_intro" />}
      size="lg"
    >
      {gifts.isError && <ErrorAlert error={gifts.error} />}
      <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4" data-testid="gift-list">
        {gifts.isPending &&
          Array.from({ length: 8 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
            <li key={i} className="aspect-[4/5] animate-pulse rounded-2xl bg-surface" />
          ))}
        {gifts.data?.gifts.map((gift) => (
          <li key={gift.code}>
            <button
              type="button"
              disabled={props.pending}
              onClick={() => props.onPick(gift)}
              aria-label={intl.formatMessage(
                { id: 'chat.gift_choose' },
                { gift: gift.name, credits: gift.price },
              )}
              className="flex w-full flex-col items-center gap-1 rounded-2xl border border-line bg-white px-1 pb-2 pt-3 transition hover:border-primary hover:bg-primary-soft disabled:opacity-60"
            >
              <img
                src={gift.image_url}
                alt=""
                width={80}
                height={80}
                loading="lazy"
                className="size-16 object-contain sm:size-20"
              />
              <span className="line-clamp-2 break-words px-1 text-center text-[13px] font-semibold leading-tight sm:text-[14px]">
                {gift.name}
              </span>
              <span className="inline-flex items-center gap-1 text-[13px] text-muted">
                <Coins aria-hidden size={13} />
                <FormattedMessage id="chat.credits" values={{ count: gift.price }} />
              </span>
            </button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
