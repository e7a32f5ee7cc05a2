import { Flame, Heart, Lock, MessageCircle, Search, Sparkles } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { AfterFirstPaint } from '../../components/after-first-paint.tsx';
import { premiumMatchChanceText } from '../../i18n/values.ts';
import { useSite } from '../../site-context.tsx';
import { usePageTitle } from '../../use-page-title.ts';
import { LandingHero } from './landing-hero.tsx';

const STEPS = [
  { icon: Sparkles, title: 'home.step1_title', body: 'home.step1_body' },
  { icon: Search, title: 'home.step2_title', body: 'home.step2_body' },
  { icon: MessageCircle, title: 'home.step3_title', body: 'home.step3_body' },
] as const;

const FEATURES = [
  { icon: Flame, title: 'home.feature_swipe_title', body: 'home.feature_swipe_body' },
  { icon: Heart, title: 'home.feature_match_title', body: 'home.feature_match_body' },
  { icon: Lock, title: 'home.feature_discreet_title', body: 'home.feature_discreet_body' },
] as const;

/** The visitor's front door: what the site is, how it works, and the way in. */
export function HomePage() {
  usePageTitle(null);
  return (
    <>
      <LandingHero />
      {/* Below the fold on every screen: drawn after the hero (P-01). */}
      <AfterFirstPaint>
        <BelowTheFold />
      </AfterFirstPaint>
    </>
  );
}

function BelowTheFold() {
  const { settings } = useSite();
  const intl = useIntl();
  return (
    <>
      <section className="cv-auto mx-auto max-w-6xl px-4 py-14 [--cv-size:900px]" aria-labelledby="how">
        <h2 id="how" className="text-2xl font-bold md:text-3xl">
          <FormattedMessage id="home.how_title" />
        </h2>
        <ol className="mt-8 grid gap-6 md:grid-cols-3">
          {STEPS.map((step, i) => (
            <li key={step.title} className="rounded-2xl border border-line p-6">
              <span className="inline-flex size-11 items-center justify-center rounded-full bg-primary-soft text-primary">
                <step.icon aria-hidden size={22} />
              </span>
              <h3 className="mt-4 text-lg font-semibold">
                <span className="sr-only">{i + 1}. </span>
                <FormattedMessage id={step.title} />
              </h3>
              <p className="mt-2 text-muted">
                <FormattedMessage id={step.body} />
              </p>
            </li>
          ))}
        </ol>
      </section>

      <section className="cv-auto bg-surface [--cv-size:1100px]" aria-labelledby="why">
        <div className="mx-auto max-w-6xl px-4 py-14">
          <h2 id="why" className="text-2xl font-bold md:text-3xl">
            <FormattedMessage id="home.why_title" values={{ site: settings.name }} />
          </h2>
          <ul className="mt-8 grid gap-6 md:grid-cols-3">
            {FEATURES.map((f) => (
              <li key={f.title} className="rounded-2xl bg-white p-6 shadow-sm">
                <f.icon aria-hidden className="text-primary" size={26} />
                <h3 className="mt-3 text-lg font-semibold">
                  <FormattedMessage id={f.title} />
                </h3>
                <p className="mt-2 text-muted">
                  <FormattedMessage id={f.body} />
                </p>
              </li>
            ))}
          </ul>
          <p className="mt-10 rounded-2xl bg-secondary-soft p-6 text-on-secondary">
            <strong className="font-semibold">
              {intl.formatMessage(
                { id: 'home.premium_title' },
                { percentage_text: premiumMatchChanceText(intl.locale) },
              )}
            </strong>{' '}
            <FormattedMessage id="home.premium_body" />
          </p>
        </div>
      </section>
    </>
  );
}
