import sharp, { type Sharp } from 'sharp';
import { PHOTO_UPLOAD } from '../../../shared/contract/photos.ts';
import { AppError } from '../../platform/errors.ts';
import { runImageWork } from './image-work.ts';

// Checking and converting uploads: cheap header checks first, then the costly decode in a bounded queue.

const MAIN_MAX_SIDE = 1600;
const THUMB = { width: 360, height: 480 } as const;

type Family = 'jpeg' | 'png' | 'webp' | 'gif' | 'heif';
type Sniffed = { family: Family; hevc: boolean };

const HEVC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1']);
const AV1_BRANDS = new Set(['avif', 'avis']);

/**
 * The image type by its first bytes, whatever name or content type the browser sent; null for anything
 * else (SVG, HTML, PDF, ZIP, ...).
 */
export function sniffImage(buf: Buffer): Sniffed | null {
  const ascii = (from: number, to: number) => buf.subarray(from, to).toString('latin1');
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff)
    return { family: 'jpeg', hevc: false };
  if (
    buf.length >= 8 &&
    buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return { family: 'png', hevc: false };
  if (buf.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP')
    return { family: 'webp', hevc: false };
  if (buf.length >= 6 && (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a'))
    return { family: 'gif', hevc: false };
  if (buf.length >= 12 && ascii(4, 8) === 'ftyp') {
    const brand = ascii(8, 12);
    if (AV1_BRANDS.has(brand)) return { family: 'heif', hevc: false };
    if (HEVC_BRANDS.has(brand)) return { family: 'heif', hevc: true };
  }
  return null;
}

export interface ProcessedImage {
  main: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
}

/** An upload whose header passed every check: safe to decode. */
export interface InspectedImage {
  input: () => Sharp;
  unreadable: (err?: unknown) => AppError;
}

/**
 * Checks an upload by its content and header only, in milliseconds and without decoding a pixel: type by
 * its first bytes, size, pixel count, shortest and longest side, shape. Throws an AppError with a clear
 * message for anything refused; a 100000x200 PNG of a few KB stops here (issue 10 item 7).
 */
export async function inspectImage(data: Buffer): Promise<InspectedImage> {
  if (data.length === 0) throw new AppError(400, 'photo_missing', 'photos.empty');
  if (data.length > PHOTO_UPLOAD.maxBytes) throw tooLarge();
  const sniffed = sniffImage(data);
  if (!sniffed) throw new AppError(415, 'photo_bad_type', 'photos.bad_type');
  const tooManyPixels = () =>
    new AppError(422, 'photo_too_many_pixels', 'photos.too_many_pixels', {
      values: { max_mp: PHOTO_UPLOAD.maxPixels / 1_000_000 },
    });
  // sharp refuses oversized images already when reading the header: that is our pixel limit speaking.
  const unreadable = (err?: unknown) =>
    err instanceof Error && /pixel limit/i.test(err.message)
      ? tooManyPixels()
      : sniffed.hevc
        ? new AppError(415, 'photo_heic_unsupported', 'photos.heic_unsupported')
        : new AppError(422, 'photo_unreadable', 'photos.unreadable');

  const input = () =>
    sharp(data, { failOn: 'error', limitInputPixels: PHOTO_UPLOAD.maxPixels, animated: false }).timeout({
      seconds: 20,
    });
  const meta = await input()
    .metadata()
    .catch((err) => {
      throw unreadable(err);
    });
  if (meta.format !== sniffed.family) throw new AppError(415, 'photo_bad_type', 'photos.bad_type');
  const { width, height } = meta;
  if (!width || !height) throw unreadable();
  if (width * height > PHOTO_UPLOAD.maxPixels) throw tooManyPixels();
  if (Math.min(width, height) < PHOTO_UPLOAD.minSide)
    throw new AppError(422, 'photo_too_small', 'photos.too_small', { values: { min: PHOTO_UPLOAD.minSide } });
  if (
    Math.max(width, height) > PHOTO_UPLOAD.maxSide ||
    Math.max(width, height) > Math.min(width, height) * PHOTO_UPLOAD.maxAspectRatio
  )
    throw new AppError(422, 'photo_bad_shape', 'photos.bad_shape', {
      values: { max_ratio: PHOTO_UPLOAD.maxAspectRatio, max_side: PHOTO_UPLOAD.maxSide },
    });
  return { input, unreadable };
}

/**
 * Re-encodes an inspected upload: the decoded pixels are all that survive, so metadata (EXIF, GPS),
 * trailing data and any embedded script are gone. Auto-rotated by EXIF first; the first frame of an
 * animation. Runs in the bounded image queue (image-work.ts), never more than a few at once.
 */
export function decodeImage(image: InspectedImage): Promise<ProcessedImage> {
  return runImageWork(() => convert(image.input, image.unreadable));
}

/** inspectImage then decodeImage: an upload checked and converted (chat photos use this too). */
export async function processImage(data: Buffer): Promise<ProcessedImage> {
  return decodeImage(await inspectImage(data));
}

async function convert(input: () => Sharp, unreadable: (err?: unknown) => AppError): Promise<ProcessedImage> {
  try {
    // One full decode (failOn makes a truncated or corrupt file fail here), scaled once; both outputs are
    // made from these pixels.
    const { data: pixels, info } = await input()
      .autoOrient()
      .resize({ width: MAIN_MAX_SIDE, height: MAIN_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
    const [main, thumb] = await Promise.all([
      sharp(pixels, raw).webp({ quality: 82, effort: 4 }).toBuffer(),
      sharp(pixels, raw)
        .resize({ ...THUMB, fit: 'cover', position: 'attention' })
        .webp({ quality: 78, effort: 4 })
        .toBuffer(),
    ]);
    return { main, thumb, width: info.width, height: info.height };
  } catch (err) {
    throw unreadable(err);
  }
}

export const tooLarge = () =>
  new AppError(413, 'photo_too_large', 'photos.too_large', {
    values: { max_mb: PHOTO_UPLOAD.maxBytes / 1024 / 1024 },
  });
