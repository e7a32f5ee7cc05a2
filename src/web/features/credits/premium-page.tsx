import { Camera, Crown, Flame, Image, MessageCircle, Sparkles } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { routePath } from '../../../shared/routes.ts';
import { RULES } from '../../../shared/rules.ts';
import { useUser } from '../../api/session.ts';
import { Link } from '../../components/route-link.tsx';
import { premiumMatchChanceText } from '../../i18n/values.ts';
import { useSite } from '../../site-context.tsx';
import { usePageTitle } from '../../use-page-title.ts';

/** /premium: what premium gives, with the 46% claim of spec §1 (Pay-02). */
export function PremiumPage() {
  const intl = useIntl();
  const { user } = useUser();
  const { settings } = useSite();
  usePageTitle(intl.formatMessage({ id: 'premium.title' }));
  // Every line literally true for this site's rules (issue 26): premium lifts the free limits, while
  // messages, photos and gifts cost credits for everyone.
  const perks = [
    { icon: MessageCircle, id: 'premium.perk_conversations' },
    { icon: Camera, id: 'premium.perk_chat_photos' },
    { icon: Image, id: 'premium.perk_photos' },
    { icon: Flame, id: 'premium.perk_swipe' },
    { icon: Sparkles, id: 'premium.perk_all' },
  ];
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <header className="rounded-2xl bg-secondary-soft p-6 text-center">
        <Crown aria-hidden className="mx-auto text-secondary" size={44} />
        <h1 className="mt-2 text-3xl font-bold">
          <FormattedMessage id="premium.title" />
        </h1>
        <p className="mt-2 text-lg font-semibold">
          <FormattedMessage
            id="premium.claim"
            values={{ percentage_text: premiumMatchChanceText(intl.locale) }}
          />
        </p>
      </header>
      {user?.paid_user ? (
        <p className="rounded-xl bg-primary-soft px-4 py-3 font-medium text-primary-strong" role="status">
          <FormattedMessage id="premium.you_are" />
        </p>
      ) : null}
      <ul className="space-y-3">
        {perks.map(({ icon: Icon, id }) => (
          <li key={id} className="flex items-start gap-3 rounded-2xl border border-line bg-white p-4">
            <Icon aria-hidden className="mt-0.5 shrink-0 text-primary" size={22} />
            <span>
              <FormattedMessage
                id={id}
                values={{ photos: RULES.photos.premium, credits: settings.photo_credits }}
              />
            </span>
          </li>
        ))}
      </ul>
      <p className="text-muted" data-testid="premium-costs">
        <FormattedMessage id="premium.messages_cost" values={{ cost: settings.message_credits }} />{' '}
        <FormattedMessage id="premium.how" />
      </p>
      <Link to={routePath('credits')} className="btn btn-secondary w-full sm:w-auto">
        <FormattedMessage id={user?.paid_user ? 'premium.buy_more' : 'premium.cta'} />
      </Link>
    </div>
  );
}
