// lucide-react's `createLucideIcon`, replaced at build (vite.config.ts, decision 0019): each icon's paths are
// one <symbol> in a sprite, drawn with <use>. lucide's own component builds every path of every icon on
// every render through two component layers, a context and a class merge; a page of member cards drew 23
// masks of eight paths each, and icons were half of the cards' first render (P-01, TBT). Same props, same
// classes (`lucide lucide-<name>`), same defaults and the same `aria-hidden` rule.
import { createElement, type ReactNode, type SVGProps } from 'react';

type IconNode = [tag: string, attrs: Record<string, string | number>][];
interface IconData {
  name: string;
  size?: number;
  node: IconNode;
  aliases?: string[];
}
type IconProps = SVGProps<SVGSVGElement> & {
  size?: number | string;
  absoluteStrokeWidth?: boolean;
  children?: ReactNode;
};

const SVG = 'http://www.w3.org/2000/svg';
let sprite: SVGSVGElement | null = null;
const drawn = new Set<string>();
/** Every icon by its symbol id, for the server's sprite. */
const icons = new Map<string, IconData>();

const escapeAttr = (v: string | number) =>
  String(v).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/**
 * The sprite of the icons a server-rendered page draws (their `href="#lucide-…"`), so they show before
 * the app runs and without JavaScript; the browser's app then finds each symbol in place.
 */
export function iconSprite(html: string): string {
  const ids = new Set([...html.matchAll(/href="#(lucide-[a-z0-9-]+)"/g)].map((m) => m[1] ?? ''));
  const symbols = [...ids].flatMap((id) => {
    const data = icons.get(id);
    if (!data) return [];
    const size = data.size ?? 24;
    const paths = data.node
      .map(
        ([tag, attrs]) =>
          `<${tag} ${Object.entries(attrs)
            .filter(([name]) => name !== 'key')
            .map(([name, value]) => `${name}="${escapeAttr(value)}"`)
            .join(' ')}/>`,
      )
      .join('');
    return [`<symbol id="${id}" viewBox="0 0 ${size} ${size}">${paths}</symbol>`];
  });
  return symbols.length > 0
    ? `<svg aria-hidden="true" focusable="false" style="position:absolute;width:0;height:0;overflow:hidden">${symbols.join('')}</svg>`
    : '';
}

/** The icon's paths, once per document, as `<symbol id="lucide-<name>">` in a hidden sprite. */
function defineSymbol(id: string, data: IconData) {
  if (drawn.has(id) || typeof document === 'undefined') return;
  drawn.add(id);
  // Drawn by the server with the page.
  if (document.getElementById(id)) return;
  if (!sprite?.isConnected) {
    sprite = document.createElementNS(SVG, 'svg');
    sprite.setAttribute('aria-hidden', 'true');
    sprite.setAttribute('focusable', 'false');
    sprite.setAttribute('style', 'position:absolute;width:0;height:0;overflow:hidden');
    document.body.append(sprite);
  }
  const symbol = document.createElementNS(SVG, 'symbol');
  symbol.id = id;
  const size = data.size ?? 24;
  symbol.setAttribute('viewBox', `0 0 ${size} ${size}`);
  for (const [tag, attrs] of data.node) {
    const el = document.createElementNS(SVG, tag);
    for (const [name, value] of Object.entries(attrs))
      if (name !== 'key') el.setAttribute(name, String(value));
    symbol.append(el);
  }
  sprite.append(symbol);
}

const kebab = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1-$2')
    .toLowerCase();

/** An accessible name or role makes the icon content; otherwise it is hidden from screen readers. */
const named = (props: Record<string, unknown>) =>
  Object.keys(props).some((k) => k.startsWith('aria-') || k === 'role' || k === 'title');

export default function createLucideIcon(
  nameOrData: string | IconData,
  iconNode: IconNode = [],
  aliases: string[] = [],
) {
  const data: IconData =
    typeof nameOrData === 'string'
      ? { name: kebab(nameOrData), size: 24, node: iconNode, aliases }
      : nameOrData;
  const id = `lucide-${data.name}`;
  icons.set(id, data);
  const classes = [
    'lucide',
    id,
    ...(data.aliases ?? []).filter((a) => a.trim()).map((a) => `lucide-${a}`),
  ].join(' ');
  const box = data.size ?? 24;
  const viewBox = `0 0 ${box} ${box}`;
  const href = `#${id}`;
  // biome-ignore lint/correctness/noComponentHookFactories: a factory run once per icon when its module loads, as lucide's own
  function Icon({
    size = 24,
    width,
    height,
    color = 'currentColor',
    strokeWidth = 2,
    absoluteStrokeWidth,
    className,
    children,
    ...rest
  }: IconProps) {
    defineSymbol(id, data);
    const stroke = absoluteStrokeWidth ? (Number(strokeWidth) * box) / Number(size) : strokeWidth;
    return createElement(
      'svg',
      {
        xmlns: SVG,
        width: width ?? size,
        height: height ?? size,
        viewBox,
        fill: 'none',
        stroke: color,
        strokeWidth: stroke,
        strokeLinecap: 'round',
        strokeLinejoin: 'round',
        className: className ? `${classes} ${className}` : classes,
        ...(children || named(rest) ? {} : { 'aria-hidden': 'true' }),
        ...rest,
      },
      createElement('use', { href }),
      children,
    );
  }
  Icon.displayName = data.name.replace(/(^|-)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());
  return Icon;
}
