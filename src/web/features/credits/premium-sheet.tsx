import { Crown, Heart, Image, MessageCircle } from 'lucide-react';
import { FormattedMessage } from 'react-intl';
import { pathFor } from '../../../shared/routes.ts';
import { Modal } from '../../components/modal.tsx';
import { Link } from '../../components/route-link.tsx';
import { useSite } from '../../site-context.tsx';

/**
 * The wall before the tap (issue 26): a premium-only control opens this sheet instead of its action,
 * before anything is picked or sent. It says what premium costs (the first bundle, no subscription) and
 * what it gives, in words that are true for this site's rules.
 */
export function PremiumSheet(props: {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The title: what the member tried to do. */
  title: string;
  /** Called before leaving for the bundles (to remember the way back). */
  onBuy?(): void;
}) {
  const { settings } = useSite();
  const credits = pathFor('credits') ?? '/credits';
  const perks = [
    { icon: Image, id: 'premium.perk_chat_photos', values: { credits: settings.photo_credits } },
    { icon: MessageCircle, id: 'premium.perk_conversations', values: {} },
    { icon: Heart, id: 'premium.perk_swipe', values: {} },
  ];
  return (
    <Modal
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={<FormattedMessage id={props.title} />}
      description={<FormattedMessage id="premium.sheet_cost" />}
    >
      <div data-testid="premium-sheet">
        <ul className="space-y-2">
          {perks.map(({ icon: Icon, id, values }) => (
            <li key={id} className="flex items-start gap-3">
              <Icon aria-hidden className="mt-0.5 shrink-0 text-primary" size={20} />
              <span>
                <FormattedMessage id={id} values={values} />
              </span>
            </li>
          ))}
        </ul>
        <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn btn-ghost" onClick={() => props.onOpenChange(false)}>
            <FormattedMessage id="premium.not_now" />
          </button>
          <Link to={credits} className="btn btn-secondary" onClick={() => props.onBuy?.()}>
            <Crown aria-hidden size={18} />
            <FormattedMessage id="premium.cta" />
          </Link>
        </div>
      </div>
    </Modal>
  );
}
