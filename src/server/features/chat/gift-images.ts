/**
 * The gift pictures (C-09), drawn here as SVG so they are crisp at every size, need no network and no
 * binary files in the repository. Each is a 256x256 picture on a soft round background.
 */

const frame = (id: string, bg: [string, string], body: string, defs = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256" width="256" height="256" role="img">` +
  `<defs><radialGradient id="${id}-bg" cx="50%" cy="40%" r="65%"><stop offset="0" stop-color="${bg[0]}"/>` +
  `<stop offset="1" stop-color="${bg[1]}"/></radialGradient>${defs}</defs>` +
  `<circle cx="128" cy="128" r="124" fill="url(#${id}-bg)"/>${body}</svg>`;

const linear = (id: string, from: string, to: string, vertical = true) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${vertical ? 0 : 1}" y2="${vertical ? 1 : 0}">` +
  `<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;

const shine = (x: number, y: number, rx: number, ry: number) =>
  `<ellipse cx="${x}" cy="${y}" rx="${rx}" ry="${ry}" fill="#fff" opacity=".45"/>`;

const HEART_PATH =
  'M128 214C70 170 40 138 40 102c0-28 22-48 47-48 18 0 32 10 41 25 9-15 23-25 41-25 25 0 47 20 47 48 0 36-30 68-88 112z';

const DRAWINGS: Record<string, string> = {
  rose: frame(
    'rose',
    ['#fff1f2', '#fecdd3'],
    `<path d="M128 130v96" stroke="#15803d" stroke-width="8" stroke-linecap="round"/>
<path d="M128 185c-22-4-38-18-44-34 20-2 38 8 44 34z" fill="url(#rose-leaf)"/>
<path d="M128 200c22-4 38-18 44-34-20-2-38 8-44 34z" fill="url(#rose-leaf)"/>
<path d="M84 92c0-30 20-52 44-52s44 22 44 52c0 28-20 46-44 46s-44-18-44-46z" fill="url(#rose-petal)"/>
<path d="M100 80c8-16 20-22 28-22s22 8 26 24c-10-6-18-8-26-4-10 4-16 10-28 2z" fill="#be123c"/>
<path d="M96 100c10 14 20 20 32 20s24-8 30-22c4 18-12 34-30 34s-34-14-32-32z" fill="#9f1239" opacity=".55"/>
${shine(108, 70, 10, 6)}`,
    linear('rose-petal', '#fb7185', '#be123c') + linear('rose-leaf', '#4ade80', '#15803d'),
  ),
  heart: frame(
    'heart',
    ['#fff1f2', '#fda4af'],
    `<path d="${HEART_PATH}" fill="url(#heart-fill)"/>${shine(88, 90, 16, 10)}`,
    linear('heart-fill', '#fb7185', '#e11d48'),
  ),
  chocolates: frame(
    'choc',
    ['#fef3c7', '#fcd34d'],
    `<path d="M128 70c36 0 74 20 74 54 0 40-42 80-74 100-32-20-74-60-74-100 0-34 38-54 74-54z" fill="#b91c1c"/>
<path d="M128 82c30 0 62 16 62 44 0 34-36 68-62 86-26-18-62-52-62-86 0-28 32-44 62-44z" fill="#fde68a"/>
${[
  [100, 118],
  [128, 106],
  [156, 118],
  [112, 148],
  [144, 148],
  [128, 176],
]
  .map(
    ([x, y]) =>
      `<circle cx="${x}" cy="${y}" r="14" fill="url(#choc-ball)"/><path d="M${(x ?? 0) - 8} ${(y ?? 0) - 3}q8-6 16 0" stroke="#d6a77a" stroke-width="3" fill="none"/>`,
  )
  .join('')}
<path d="M110 60q18 14 18 24 0-10 18-24" stroke="#ef4444" stroke-width="8" fill="none" stroke-linecap="round"/>`,
    `<radialGradient id="choc-ball" cx="40%" cy="35%" r="70%"><stop offset="0" stop-color="#92400e"/><stop offset="1" stop-color="#451a03"/></radialGradient>`,
  ),
  teddy: frame(
    'teddy',
    ['#fef9c3', '#fde68a'],
    `<circle cx="84" cy="70" r="22" fill="#a16207"/><circle cx="172" cy="70" r="22" fill="#a16207"/>
<circle cx="84" cy="70" r="11" fill="#fcd9a8"/><circle cx="172" cy="70" r="11" fill="#fcd9a8"/>
<ellipse cx="128" cy="182" rx="58" ry="50" fill="url(#teddy-fur)"/>
<ellipse cx="128" cy="190" rx="30" ry="28" fill="#fcd9a8"/>
<circle cx="128" cy="106" r="54" fill="url(#teddy-fur)"/>
<ellipse cx="128" cy="124" rx="24" ry="18" fill="#fcd9a8"/>
<circle cx="108" cy="98" r="6" fill="#1c1917"/><circle cx="148" cy="98" r="6" fill="#1c1917"/>
<ellipse cx="128" cy="116" rx="9" ry="6" fill="#1c1917"/>
<path d="M120 128q8 7 16 0" stroke="#1c1917" stroke-width="3" fill="none" stroke-linecap="round"/>
<path d="M128 160l-16-10v20zM128 160l16-10v20z" fill="#e11d48"/><circle cx="128" cy="160" r="5" fill="#be123c"/>`,
    linear('teddy-fur', '#ca8a04', '#92400e'),
  ),
  champagne: frame(
    'champ',
    ['#fefce8', '#fde68a'],
    `<g transform="rotate(-12 100 140)"><path d="M78 56h44l-4 52c-2 18-12 26-18 26s-16-8-18-26z" fill="url(#champ-glass)" stroke="#a8a29e" stroke-width="3"/>
<path d="M82 80h36l-2 28c-2 14-10 20-16 20s-14-6-16-20z" fill="url(#champ-wine)"/>
<path d="M100 134v56M80 194h40" stroke="#a8a29e" stroke-width="6" stroke-linecap="round"/></g>
<g transform="rotate(12 156 140)"><path d="M134 56h44l-4 52c-2 18-12 26-18 26s-16-8-18-26z" fill="url(#champ-glass)" stroke="#a8a29e" stroke-width="3"/>
<path d="M138 80h36l-2 28c-2 14-10 20-16 20s-14-6-16-20z" fill="url(#champ-wine)"/>
<path d="M156 134v56M136 194h40" stroke="#a8a29e" stroke-width="6" stroke-linecap="round"/></g>
<circle cx="128" cy="44" r="5" fill="#facc15"/><circle cx="112" cy="30" r="3" fill="#facc15"/><circle cx="146" cy="32" r="4" fill="#facc15"/>`,
    linear('champ-glass', '#ffffff', '#e7e5e4') + linear('champ-wine', '#fde047', '#eab308'),
  ),
  ring: frame(
    'ring',
    ['#eff6ff', '#bfdbfe'],
    `<circle cx="128" cy="160" r="52" fill="none" stroke="url(#ring-gold)" stroke-width="14"/>
<path d="M100 100l14-22h28l14 22-28 26z" fill="url(#ring-gem)" stroke="#0ea5e9" stroke-width="2"/>
<path d="M100 100h56M114 78l14 48 14-48" stroke="#e0f2fe" stroke-width="2" fill="none"/>
<path d="M176 66l4 10 10 4-10 4-4 10-4-10-10-4 10-4z" fill="#fff"/><path d="M76 70l3 7 7 3-7 3-3 7-3-7-7-3 7-3z" fill="#fff"/>`,
    linear('ring-gold', '#fde68a', '#ca8a04') + linear('ring-gem', '#bae6fd', '#38bdf8'),
  ),
  cupcake: frame(
    'cup',
    ['#fdf2f8', '#fbcfe8'],
    `<path d="M76 140h104l-14 76H90z" fill="url(#cup-case)"/>
<path d="M96 140l6 76M118 140l2 76M138 140l-2 76M160 140l-6 76" stroke="#f9a8d4" stroke-width="4"/>
<path d="M70 142c-8-20 8-38 24-36 0-22 20-38 34-38s34 16 34 38c16-2 32 16 24 36z" fill="url(#cup-cream)"/>
<circle cx="128" cy="62" r="12" fill="#dc2626"/><path d="M128 50q4-12 14-14" stroke="#15803d" stroke-width="3" fill="none"/>
${[
  [96, 118, '#facc15'],
  [150, 110, '#38bdf8'],
  [122, 96, '#a3e635'],
  [160, 130, '#f97316'],
  [104, 134, '#a78bfa'],
]
  .map(
    ([x, y, c]) =>
      `<rect x="${x}" y="${y}" width="10" height="4" rx="2" fill="${c}" transform="rotate(30 ${x} ${y})"/>`,
  )
  .join('')}`,
    linear('cup-case', '#ec4899', '#be185d') + linear('cup-cream', '#fff7ed', '#fbcfe8'),
  ),
  star: frame(
    'star',
    ['#1e1b4b', '#312e81'],
    `<path d="M128 40l26 56 60 6-45 40 13 60-54-31-54 31 13-60-45-40 60-6z" fill="url(#star-fill)" stroke="#fde68a" stroke-width="4" stroke-linejoin="round"/>
${shine(112, 90, 12, 8)}<circle cx="60" cy="70" r="3" fill="#fff"/><circle cx="196" cy="190" r="3" fill="#fff"/><circle cx="70" cy="190" r="2" fill="#fff"/><circle cx="200" cy="60" r="2" fill="#fff"/>`,
    linear('star-fill', '#fde047', '#f59e0b'),
  ),
  sunflower: frame(
    'sun',
    ['#ecfccb', '#bef264'],
    `<path d="M128 150v80" stroke="#15803d" stroke-width="8" stroke-linecap="round"/>
<path d="M128 200c-20 0-36-10-40-26 18-2 34 8 40 26z" fill="#16a34a"/>
${Array.from({ length: 14 }, (_, i) => `<ellipse cx="128" cy="64" rx="13" ry="30" fill="url(#sun-petal)" transform="rotate(${(i * 360) / 14} 128 108)"/>`).join('')}
<circle cx="128" cy="108" r="30" fill="url(#sun-seed)"/>
${Array.from({ length: 12 }, (_, i) => {
  const a = (i * Math.PI * 2) / 12;
  return `<circle cx="${(128 + Math.cos(a) * 16).toFixed(1)}" cy="${(108 + Math.sin(a) * 16).toFixed(1)}" r="2.5" fill="#fbbf24" opacity=".6"/>`;
}).join('')}`,
    linear('sun-petal', '#fde047', '#f59e0b') +
      `<radialGradient id="sun-seed" cx="45%" cy="40%" r="60%"><stop offset="0" stop-color="#92400e"/><stop offset="1" stop-color="#451a03"/></radialGradient>`,
  ),
  kiss: frame(
    'kiss',
    ['#fff1f2', '#fecdd3'],
    `<path d="M40 128c20-30 48-44 64-36 10 4 18 10 24 10s14-6 24-10c16-8 44 6 64 36-26 4-44 6-88 6s-62-2-88-6z" fill="url(#kiss-top)"/>
<path d="M40 128c26 4 44 6 88 6s62-2 88-6c-18 38-52 58-88 58s-70-20-88-58z" fill="url(#kiss-bottom)"/>
<path d="M46 129q82 16 164 0" stroke="#881337" stroke-width="4" fill="none" stroke-linecap="round"/>
${shine(150, 156, 18, 7)}`,
    linear('kiss-top', '#f43f5e', '#be123c') + linear('kiss-bottom', '#fb7185', '#e11d48'),
  ),
  coffee: frame(
    'coffee',
    ['#fafaf9', '#e7e5e4'],
    `<ellipse cx="124" cy="204" rx="76" ry="14" fill="#d6d3d1"/>
<path d="M64 110h120v50c0 30-26 50-60 50s-60-20-60-50z" fill="url(#coffee-cup)"/>
<path d="M184 124c26 0 30 40 0 42" stroke="#e7e5e4" stroke-width="12" fill="none"/>
<ellipse cx="124" cy="110" rx="60" ry="14" fill="#78350f"/>
<path d="M110 108c6-6 22-6 28 0-6 6-22 6-28 0z" fill="#fcd9a8"/>
<path d="M104 86c-10-12 10-20 0-36M128 86c-10-12 10-20 0-36M152 86c-10-12 10-20 0-36" stroke="#a8a29e" stroke-width="5" fill="none" stroke-linecap="round" opacity=".7"/>
<path d="${HEART_PATH}" fill="#e11d48" transform="translate(108 146) scale(.16)"/>`,
    linear('coffee-cup', '#ffffff', '#d6d3d1'),
  ),
  present: frame(
    'present',
    ['#ecfeff', '#a5f3fc'],
    `<rect x="56" y="110" width="144" height="100" rx="8" fill="url(#present-box)"/>
<rect x="48" y="88" width="160" height="32" rx="6" fill="url(#present-lid)"/>
<rect x="118" y="88" width="20" height="122" fill="#facc15"/>
<path d="M128 88c-20-30-52-34-52-16s30 16 52 16zM128 88c20-30 52-34 52-16s-30 16-52 16z" fill="#facc15" stroke="#ca8a04" stroke-width="3"/>
${shine(80, 100, 14, 5)}`,
    linear('present-box', '#14b8a6', '#0f766e') + linear('present-lid', '#2dd4bf', '#0d9488'),
  ),
};

/** The SVG of a gift image file name ("rose.svg"), or null for an unknown name. */
export function giftImage(file: string): string | null {
  const match = /^([a-z0-9_]{1,40})\.svg$/.exec(file);
  return (match?.[1] && DRAWINGS[match[1]]) || null;
}

/** Codes of every drawn gift, in catalogue order. */
export const GIFT_CODES = Object.keys(DRAWINGS);
