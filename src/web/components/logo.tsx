import { useSite } from '../site-context.tsx';

/** The site's name beside a spark in its own colours. */
export function Logo({ inverted = false }: { inverted?: boolean }) {
  const { settings } = useSite();
  return (
    <span
      className={`flex items-center gap-2 text-xl font-extrabold tracking-tight ${inverted ? 'text-white' : 'text-ink'}`}
    >
      <svg aria-hidden viewBox="0 0 512 512" className="size-8 shrink-0">
        <rect width="512" height="512" rx="112" fill="var(--color-primary)" />
        <path d="M282 72 150 292h96l-22 148 138-226h-98z" fill="var(--color-secondary)" />
      </svg>
      {settings.name}
    </span>
  );
}
