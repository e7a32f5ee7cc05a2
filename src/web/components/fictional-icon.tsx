import {
  BadgeInfo,
  Bot,
  Drama,
  Info,
  type LucideIcon,
  Sparkles,
  VenetianMask,
  WandSparkles,
} from 'lucide-react';
import { useSite } from '../site-context.tsx';

/** The few lucide names a site may choose as its fictional icon (settings.fictional_icon, M-08). */
const ICONS: Record<string, LucideIcon> = {
  drama: Drama,
  'venetian-mask': VenetianMask,
  bot: Bot,
  sparkles: Sparkles,
  'wand-sparkles': WandSparkles,
  info: Info,
  'badge-info': BadgeInfo,
};

/**
 * The site's mark of a fictional profile: a lucide icon by name, or an image when the setting is an
 * address. Decorative: callers put the words (fictional_singular or the warning) next to it.
 */
export function FictionalIcon({ size = 18, className }: { size?: number; className?: string }) {
  const { settings } = useSite();
  const icon = settings.fictional_icon.trim();
  if (/^(https?:)?\/\//.test(icon) || icon.startsWith('/')) {
    return <img src={icon} alt="" width={size} height={size} className={className} />;
  }
  const Icon = ICONS[icon.toLowerCase()] ?? Drama;
  return <Icon aria-hidden size={size} className={className} />;
}

/**
 * The fictional marker on a photo's corner (M-08): the icon on a dark disc, named for screen readers and
 * in its tooltip by the site's own word. `large` for a single big portrait.
 */
export function FictionalBadge({ large = false }: { large?: boolean }) {
  const { settings } = useSite();
  return (
    <span
      className={`absolute inline-flex items-center justify-center rounded-full bg-black/60 text-white ${large ? 'right-3 top-3 size-9' : 'right-2 top-2 size-8'}`}
      title={settings.fictional_singular}
    >
      <FictionalIcon size={large ? 18 : 16} />
      <span className="sr-only">{settings.fictional_singular}</span>
    </span>
  );
}
