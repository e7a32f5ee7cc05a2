import type { lorelei } from '@dicebear/collection';
import type { StyleOptions } from '@dicebear/core';
import sharp from 'sharp';
import type { MediaStorage } from '../platform/storage.ts';
import { type DemoPerson, makeDemoMember } from './members.ts';
import { Rng } from './random.ts';

/**
 * Portraits of the demo members, drawn rather than photographed: a head in the "Lorelei" style of DiceBear
 * (design by Lisa Wischofsky, CC0 1.0; code MIT) on shoulders and a background drawn here. Each member's
 * face (hair style and colour, eyes, skin, beard, glasses) follows from the member's seed and profile, so
 * their photos show the same person; expression, clothes and background change from photo to photo.
 *
 * Nothing is drawn at seed time: the photo rows point at `demo-<member>-<n>-<random>.webp` and `..._t.webp`, and the
 * first request for a missing file draws it here and stores it (see readPublicMedia).
 */

export const DEMO_PORTRAIT = { width: 600, height: 800 } as const;
export const DEMO_THUMB = { width: 360, height: 480 } as const;

const DEMO_KEY = /^demo-([1-9]\d{0,6})-([1-9])-[0-9a-f]{32}(_t)?\.webp$/;

export const isDemoMediaKey = (key: string) => DEMO_KEY.test(key);

type LoreleiOptions = StyleOptions<lorelei.Options>;
/** Lorelei's part names (variant01, ...); the option types list them, checked once where the options are made. */
const v = (...numbers: number[]) => numbers.map((n) => `variant${String(n).padStart(2, '0')}`);
/** Lorelei hair styles that read as short or long; the nearly bald ones for "bald". */
const HAIR_SHORT = v(1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 22, 27, 36, 38, 39, 44, 47);
const HAIR_LONG = v(
  10,
  11,
  13,
  14,
  15,
  16,
  17,
  18,
  19,
  21,
  23,
  24,
  26,
  29,
  30,
  31,
  32,
  33,
  35,
  37,
  40,
  41,
  42,
  43,
  45,
  46,
  48,
);
const HAIR_BALD = v(25, 28);

const SKIN = ['fbe3cf', 'f5d5b8', 'edc39f', 'dcab82', 'c88f62', 'a9714a', '8a5636', '643c24'];
const HAIR: Record<DemoPerson['hairColour'], readonly string[]> = {
  blond: ['e8c27a', 'd9ae5f', 'f0d595'],
  brown: ['6b4226', '8a5a36', '4e3120'],
  black: ['1f1b18', '2b2522'],
  red: ['a9442a', 'c05a2c'],
  grey: ['b8b8b8', '9e9e9e', 'd2d2d2'],
  dyed: ['c2467e', '5b6ee1', '8e44ad', '2a9d8f'],
  bald: ['6b5a4e'],
};
const EYES: Record<DemoPerson['eyeColour'], string> = {
  blue: '2f5d8a',
  green: '3c6e47',
  brown: '3d2314',
  grey: '56606b',
  hazel: '6b5424',
};
const BACKGROUNDS = [
  ['fde2e4', 'fad2e1'],
  ['e2ece9', 'bee1e6'],
  ['fff1e6', 'f0efeb'],
  ['dfe7fd', 'cddafd'],
  ['f8edeb', 'fcd5ce'],
  ['e9f5db', 'cfe1b9'],
  ['f1e4f3', 'dcc6e0'],
  ['fef3c7', 'fde68a'],
  ['e0f2fe', 'bae6fd'],
  ['ede9fe', 'ddd6fe'],
] as const;
const CLOTHES = [
  '1e3a5f',
  '7c2d6b',
  '0f766e',
  'b45309',
  '334155',
  'be123c',
  '4d7c0f',
  'f5f5f4',
  '111827',
  '9d174d',
];

let dicebear: Promise<{ draw: (options: LoreleiOptions) => string }> | null = null;
/** DiceBear and its styles load on the first drawing, not at server start. */
function loadDicebear() {
  dicebear ??= Promise.all([import('@dicebear/core'), import('@dicebear/collection')]).then(
    ([core, styles]) => ({
      draw: (options: LoreleiOptions) => core.createAvatar(styles.lorelei, options).toString(),
    }),
  );
  return dicebear;
}

/** The fixed features of one person: the same in every photo. */
function faceOf(person: DemoPerson, seed: string): LoreleiOptions {
  const rng = new Rng(`vonk-demo-face-${seed}`);
  const female = person.look === 'f';
  const hair =
    person.hairColour === 'bald'
      ? rng.pick(HAIR_BALD)
      : female
        ? rng.pick(rng.chance(0.85) ? HAIR_LONG : HAIR_SHORT)
        : rng.pick(rng.chance(0.9) ? HAIR_SHORT : HAIR_LONG);
  const hairColour = rng.pick(HAIR[person.hairColour]);
  return {
    seed,
    hair: [hair],
    hairColor: [hairColour],
    eyebrowsColor: [person.hairColour === 'grey' || person.hairColour === 'dyed' ? '4a3b32' : hairColour],
    skinColor: [SKIN[person.skin] ?? (SKIN[1] as string)],
    eyesColor: [EYES[person.eyeColour]],
    head: [rng.pick(v(1, 2, 3, 4))],
    nose: [rng.pick(v(1, 2, 3, 4, 5, 6))],
    eyes: [rng.pick(v(...Array.from({ length: 24 }, (_, i) => i + 1)))],
    eyebrows: [rng.pick(v(...Array.from({ length: 13 }, (_, i) => i + 1)))],
    beard: [rng.pick(v(1, 2))],
    beardProbability: !female && rng.chance(0.35) ? 100 : 0,
    earrings: [rng.pick(v(1, 2, 3))],
    earringsColor: ['d4af37'],
    earringsProbability: female ? (rng.chance(0.5) ? 100 : 0) : rng.chance(0.06) ? 100 : 0,
    frecklesProbability: rng.chance(person.hairColour === 'red' ? 0.6 : 0.08) ? 100 : 0,
    glasses: [rng.pick(v(1, 2, 3, 4, 5))],
    glassesColor: ['2b2b2b'],
    glassesProbability: rng.chance(person.age >= 45 ? 0.4 : 0.12) ? 100 : 0,
    hairAccessories: ['flowers'],
    hairAccessoriesColor: ['f9a8d4'],
    hairAccessoriesProbability: female && rng.chance(0.06) ? 100 : 0,
    mouthColor: [female ? 'c0505a' : '8a4a4a'],
    noseColor: ['4a3b32'],
    backgroundColor: ['transparent'],
  } as LoreleiOptions;
}

const HAPPY_MOUTHS = Array.from({ length: 18 }, (_, i) => `happy${String(i + 1).padStart(2, '0')}`);

/** Shoulders and a neckline, under a head drawn in a `size` square at (x, y). */
function shoulders(
  x: number,
  y: number,
  size: number,
  skin: string,
  clothes: string,
  vNeck: boolean,
): string {
  const cx = x + size / 2;
  const top = y + size * 0.9;
  const w = size * 0.62;
  const neck = size * 0.1;
  const neckline = vNeck
    ? `M${cx - neck * 1.1} ${top} L${cx} ${top + size * 0.16} L${cx + neck * 1.1} ${top} Z`
    : `M${cx - neck * 1.2} ${top} Q${cx} ${top + size * 0.1} ${cx + neck * 1.2} ${top} Z`;
  return [
    `<path d="M${cx - w} ${y + size * 1.6} C${cx - w} ${top + size * 0.1} ${cx - w * 0.7} ${top} ${cx - neck * 1.2} ${top}`,
    ` L${cx + neck * 1.2} ${top} C${cx + w * 0.7} ${top} ${cx + w} ${top + size * 0.1} ${cx + w} ${y + size * 1.6} Z"`,
    ` fill="#${clothes}" stroke="#000" stroke-width="${size / 110}"/>`,
    `<path d="${neckline}" fill="#${skin}" stroke="#000" stroke-width="${size / 140}"/>`,
  ].join('');
}

/** The SVG of portrait `n` of member `index`: 600x800, one person or, for couples, two. */
export async function demoPortraitSvg(index: number, n: number): Promise<string> {
  const { draw } = await loadDicebear();
  const member = makeDemoMember(index);
  const rng = new Rng(`vonk-demo-photo-${index}-${n}`);
  const { width, height } = DEMO_PORTRAIT;
  const [bgA, bgB] = rng.pick(BACKGROUNDS);
  const bubbles = Array.from({ length: rng.int(3, 6) }, () => {
    const r = rng.int(30, 120);
    return `<circle cx="${rng.int(0, width)}" cy="${rng.int(0, height * 0.7)}" r="${r}" fill="#fff" opacity="${(0.12 + rng.next() * 0.2).toFixed(2)}"/>`;
  }).join('');

  const couple = member.people.length > 1;
  const size = couple ? 400 : 560;
  const slots = couple
    ? [
        { x: -20, y: 230 },
        { x: 220, y: 210 },
      ]
    : [{ x: (width - size) / 2 + rng.int(-30, 30), y: 90 + rng.int(-20, 30) }];
  const figures = member.people.map((person, i) => {
    const slot = slots[i] as { x: number; y: number };
    const face = faceOf(person, `${index}-${i}`);
    const head = draw({
      ...face,
      mouth: [rng.pick(HAPPY_MOUTHS)] as LoreleiOptions['mouth'],
      flip: rng.chance(0.5),
      rotate: rng.int(-6, 6),
    }).replace('<svg ', `<svg x="${slot.x}" y="${slot.y}" width="${size}" height="${size}" `);
    const body = shoulders(
      slot.x,
      slot.y,
      size,
      face.skinColor?.[0] ?? 'f5d5b8',
      rng.pick(CLOTHES),
      rng.chance(0.4),
    );
    return head + body;
  });

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#${bgA}"/>`,
    `<stop offset="1" stop-color="#${bgB}"/></linearGradient></defs>`,
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>`,
    bubbles,
    ...figures,
    '</svg>',
  ].join('');
}

/**
 * The WebP file behind a demo media key (`demo-<member>-<n>-<random>.webp`, 600x800, or `..._t.webp`, 360x480), or
 * null when the key is not one.
 */
export async function renderDemoPortrait(key: string): Promise<Buffer | null> {
  const match = DEMO_KEY.exec(key);
  if (!match) return null;
  const svg = await demoPortraitSvg(Number(match[1]), Number(match[2]));
  const size = match[3] ? DEMO_THUMB : DEMO_PORTRAIT;
  return sharp(Buffer.from(svg))
    .resize(size.width, size.height)
    .webp({ quality: match[3] ? 78 : 82 })
    .toBuffer();
}

const drawing = new Map<string, Promise<Buffer | null>>();

/**
 * Draws a missing demo portrait and stores it, so the next request reads the file. Concurrent requests for
 * the same key share one drawing.
 */
export function renderMissingDemoMedia(storage: MediaStorage, key: string): Promise<Buffer | null> {
  if (!isDemoMediaKey(key)) return Promise.resolve(null);
  let pending = drawing.get(key);
  if (!pending) {
    pending = renderDemoPortrait(key)
      .then(async (data) => {
        if (data) await storage.put(key, data, 'image/webp');
        return data;
      })
      .finally(() => drawing.delete(key));
    drawing.set(key, pending);
  }
  return pending;
}
