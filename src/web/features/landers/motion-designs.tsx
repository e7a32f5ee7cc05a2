// The lander designs that move: a slideshow of members (transitionsvideolanding) and a moving collage (video).
import { Pause, Play } from 'lucide-react';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { type Design, Figures, heading, LanderCta, NicheLine, SeekQuestion } from './kit.tsx';

/** The slide shown: advances every few seconds unless paused or the visitor asked for less motion. */
function useSlides(count: number, ms: number) {
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(true);
  useEffect(() => {
    if (!playing || count < 2) return;
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), ms);
    return () => window.clearInterval(timer);
  }, [playing, count, ms]);
  return { index, setIndex, playing, setPlaying };
}

function PauseButton(props: { playing: boolean; onToggle(): void; className?: string }) {
  const intl = useIntl();
  return (
    <button
      type="button"
      onClick={props.onToggle}
      aria-pressed={!props.playing}
      aria-label={intl.formatMessage({ id: props.playing ? 'lander.pause' : 'lander.play' })}
      className={`inline-flex size-10 items-center justify-center rounded-full bg-black/55 text-white hover:bg-black/70 ${props.className ?? ''}`}
      data-testid="lander-pause"
    >
      {props.playing ? <Pause aria-hidden size={18} /> : <Play aria-hidden size={18} />}
    </button>
  );
}

/** transitionsvideolanding: a slideshow of members, each photo fading into the next as it drifts. */
export const Transitions: Design = ({ page, lander }) => {
  const slides = page.members.slice(0, 8);
  const { index, setIndex, playing, setPlaying } = useSlides(slides.length, 4500);
  const intl = useIntl();
  return (
    <section className="grid items-center gap-8 md:grid-cols-2">
      <section
        className={`relative aspect-[4/5] overflow-hidden rounded-3xl bg-ink shadow-lg ${playing ? '' : 'lander-paused'}`}
        aria-roledescription={intl.formatMessage({ id: 'lander.slideshow' })}
        aria-label={intl.formatMessage({ id: 'lander.transitionsvideolanding.title' })}
      >
        {slides.map((m, i) => (
          <div
            key={m.id}
            className={`absolute inset-0 transition-opacity duration-1000 ${i === index ? 'opacity-100' : 'opacity-0'}`}
            aria-hidden={i !== index}
          >
            <img
              src={m.photo_url}
              alt={intl.formatMessage({ id: 'landing.photo_alt' }, { name: m.name })}
              className="lander-drift absolute inset-0 size-full object-cover"
              loading={i < 2 ? 'eager' : 'lazy'}
              fetchPriority={i === 0 ? 'high' : undefined}
              decoding="async"
            />
            <p className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/80 to-transparent px-5 pb-4 pt-12 text-xl font-bold text-white">
              {m.name}, {m.age}
              {m.city && <span className="block text-base font-normal text-white/85">{m.city}</span>}
            </p>
          </div>
        ))}
        <PauseButton
          playing={playing}
          onToggle={() => setPlaying((p) => !p)}
          className="absolute right-3 top-3"
        />
        <div className="absolute inset-x-0 bottom-3 flex justify-center gap-1.5">
          {slides.map((m, i) => (
            <button
              key={m.id}
              type="button"
              onClick={() => setIndex(i)}
              aria-label={intl.formatMessage({ id: 'lander.show_slide' }, { name: m.name })}
              aria-current={i === index}
              className={`h-2 rounded-full transition-all ${i === index ? 'w-6 bg-white' : 'w-2 bg-white/60'}`}
            />
          ))}
        </div>
      </section>
      <div>
        <NicheLine niche={page.niche} />

        <h1 className={heading}>
          <FormattedMessage id="lander.transitionsvideolanding.title" />
        </h1>
        <p className="mt-3 text-muted">
          <FormattedMessage id="lander.transitionsvideolanding.intro" />
        </p>
        <Figures page={page} className="mt-3 text-muted" />
        <LanderCta lander={lander} className="mt-6" />
      </div>
    </section>
  );
};

/** video: the whole screen a moving collage of member photos, the headline and the question over it. */
export const Video: Design = ({ page, lander }) => {
  const frames = page.members.slice(0, 4);
  const { index, playing, setPlaying } = useSlides(frames.length, 6000);
  return (
    <section
      className={`relative -mx-4 -mt-6 flex min-h-[calc(100svh-4rem)] items-end overflow-hidden bg-ink text-white sm:-mt-10 ${playing ? '' : 'lander-paused'}`}
    >
      {frames.map((m, i) => (
        <img
          key={m.id}
          src={m.photo_url}
          alt=""
          className={`lander-drift absolute inset-0 size-full object-cover transition-opacity duration-[1500ms] ${i === index ? 'opacity-100' : 'opacity-0'}`}
          loading={i === 0 ? 'eager' : 'lazy'}
          fetchPriority={i === 0 ? 'high' : undefined}
          decoding="async"
        />
      ))}
      <div className="absolute inset-0 bg-gradient-to-t from-black/90 via-black/45 to-black/20" />
      <PauseButton
        playing={playing}
        onToggle={() => setPlaying((p) => !p)}
        className="absolute right-4 top-4"
      />
      <div className="relative mx-auto w-full max-w-3xl px-4 pb-10 pt-32">
        <NicheLine niche={page.niche} />

        <h1 className={heading}>
          <FormattedMessage id="lander.video.title" />
        </h1>
        <p className="mt-3 max-w-xl text-white/90">
          <FormattedMessage id="lander.video.intro" />
        </p>
        <Figures page={page} className="mt-3 text-white/90" />
        <SeekQuestion lander={lander} niche={page.niche} dark className="mt-6 max-w-md" />
      </div>
    </section>
  );
};
