// No zod here: the web app imports this on its first load (api/photos.ts), and zod would come with it.

/** What an upload may be; the web app checks the same numbers before sending (M-03). */
export const PHOTO_UPLOAD = {
  field: 'photo',
  privateField: 'is_private',
  maxBytes: 10 * 1024 * 1024,
  /** Decoded size cap: stops decompression bombs before they take the memory. */
  maxPixels: 40_000_000,
  /** Shortest side a profile photo needs to be useful on a card. */
  minSide: 200,
  /**
   * Longest side and most extreme shape accepted, read from the header before anything is decoded: a
   * 100000x200 PNG compresses to a few KB but costs seconds to decode and is no profile photo.
   */
  maxSide: 10_000,
  maxAspectRatio: 5,
  /** Uploads one member may make per hour (on top of the per-address limit of every /api call). */
  perMemberPerHour: 60,
  accept: ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/heic', 'image/heif', 'image/avif'],
} as const;

/**
 * Why a moderator rejects a photo (M-09): a fixed list, told to the member in their language (mail,
 * notification) from `photo_reject_reason.<reason>` of the members' catalogs.
 */
export const PHOTO_REJECT_REASONS = [
  'not_a_person',
  'explicit',
  'someone_else',
  'low_quality',
  'contact_details',
  'minor',
] as const;
export type PhotoRejectReason = (typeof PHOTO_REJECT_REASONS)[number];
