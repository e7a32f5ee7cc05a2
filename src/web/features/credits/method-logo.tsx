import type { TMethod } from '../../../shared/contract/credits.ts';

/**
 * A payment method's mark: its brand colour with its word mark, drawn inline (no outside images). Without
 * a name it is decoration next to the method's written name.
 */
export function MethodLogo({ logo, name }: { logo: TMethod['logo']; name: string }) {
  const size = logo.text.length > 8 ? 9 : logo.text.length > 5 ? 11 : 13;
  const body = (
    <>
      <rect
        x="0.5"
        y="0.5"
        width="63"
        height="39"
        rx="6"
        fill={logo.bg}
        stroke={logo.bg.toLowerCase() === '#ffffff' ? '#cbd5e1' : logo.bg}
      />
      <text
        x="32"
        y="21"
        textAnchor="middle"
        dominantBaseline="middle"
        fontFamily="system-ui, sans-serif"
        fontWeight="700"
        fontSize={size}
        fill={logo.fg}
      >
        {logo.text}
      </text>
    </>
  );
  return name ? (
    <svg viewBox="0 0 64 40" width="56" height="35" className="shrink-0" role="img" aria-label={name}>
      <title>{name}</title>
      {body}
    </svg>
  ) : (
    <svg viewBox="0 0 64 40" width="56" height="35" className="shrink-0" aria-hidden="true">
      {body}
    </svg>
  );
}
