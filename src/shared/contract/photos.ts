import { z } from 'zod';

// Zod messages are catalog ids: the server answers them localised, the client shows them with react-intl.

/** What an upload may be; the web app checks the same numbers before sending (M-03). */
export const PHOTO_UPLOAD = {
  field: 'photo',
  privateField: 'is_private',
  maxBytes: 10 * 1024 * 1024,
  /** Decoded size cap: stops decompression bombs before they take the memory. */
  maxPixels: 40_000_000,
  /** Shortest side a profile photo needs to be useful on a card. */
  minSide: 200,
  accept: ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/heic', 'image/heif', 'image/avif'],
} as const;

const ZId = z.number().int().positive().max(2_147_483_647);

export const ZPhotoStatus = z.enum(['active', 'pending', 'rejected']);

export const ZPhoto = z.object({
  id: ZId,
  /** Full-size WebP: public photos under the site's cdn_prefix, private ones as a short-lived signed path. */
  url: z.string(),
  /** 3:4 thumbnail (360x480 WebP), same rules as url. */
  thumb_url: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  is_private: z.boolean(),
  is_main: z.boolean(),
  position: z.number().int(),
  status: ZPhotoStatus,
});
export type TPhoto = z.infer<typeof ZPhoto>;

export const ZPhotoList = z.object({
  photos: z.array(ZPhoto),
  /** How many photos this member may have (free or premium). */
  limit: z.number().int().nonnegative(),
  count: z.number().int().nonnegative(),
});
export type TPhotoList = z.infer<typeof ZPhotoList>;

export const ZPhotoIdParams = z.object({ id: z.coerce.number().pipe(ZId) });

export const ZMainPhotoRequest = z.object({ id: ZId });
export type TMainPhotoRequest = z.infer<typeof ZMainPhotoRequest>;

/** New order of the member's photos, first first; photos left out keep their order after these. */
export const ZPhotoOrderRequest = z.object({
  ids: z
    .array(ZId)
    .min(1)
    .max(100)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'photos.order_duplicates' }),
});
export type TPhotoOrderRequest = z.infer<typeof ZPhotoOrderRequest>;

export const ZPhotoPrivacyRequest = z.object({ is_private: z.boolean() });
export type TPhotoPrivacyRequest = z.infer<typeof ZPhotoPrivacyRequest>;

/**
 * A member's main image as other answers carry it (spec §3 "main_image"): paths to append to the
 * site's cdn_prefix, or null when the member has no public photo.
 */
export const ZMainImage = z
  .object({
    id: ZId,
    filename: z.string(),
    thumb_filename: z.string(),
    status: ZPhotoStatus,
  })
  .nullable();
export type TMainImage = z.infer<typeof ZMainImage>;
