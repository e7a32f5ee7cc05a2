import { z } from 'zod';
import { endpoints } from './endpoint.ts';
import { ZId, ZIdParam } from './ids.ts';

// Zod messages are catalog ids: the server answers them localised, the client shows them with react-intl.

// The upload limits live in a module without zod, so the web app's first load does not carry zod.
export { PHOTO_UPLOAD } from './photo-upload.ts';

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

export const ZPhotoIdParams = z.object({ id: ZIdParam });

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

/** A media file's path parameter, and the query of a signed link to a private one (M-04). */
export const ZMediaParams = z.object({ key: z.string().max(200) });
export const ZSignedMediaQuery = z.object({
  exp: z.string().max(20).optional(),
  v: z.string().max(20).optional(),
  sig: z.string().max(100).optional(),
});

const errors = [400, 403, 404, 409, 413, 415, 422] as const;

/** The media files (`/media/…`) are no API: their routes stay in the feature. */
export const PHOTOS_API = /* @__PURE__ */ endpoints('photos', {
  'GET /api/photos': {
    summary: 'Own photos in order, with the photo limit (M-03)',
    answer: ZPhotoList,
    errors: [403],
  },
  'POST /api/photos': {
    // Multipart, read by the handler: no body schema.
    summary: 'Upload a photo: multipart field "photo", optional field "is_private" (M-03, signup step 1)',
    answer: ZPhoto,
    status: 201,
    errors,
  },
  'PUT /api/photos/main': {
    summary: 'Choose the main image (M-03)',
    body: ZMainPhotoRequest,
    answer: ZPhotoList,
    errors,
  },
  'PUT /api/photos/order': {
    summary: 'Reorder own photos; photos left out follow in their old order (M-03)',
    body: ZPhotoOrderRequest,
    answer: ZPhotoList,
    errors,
  },
  'PUT /api/photos/:id/privacy': {
    summary: 'Make a photo private or public (M-04)',
    params: ZPhotoIdParams,
    body: ZPhotoPrivacyRequest,
    answer: ZPhoto,
    errors,
  },
  'DELETE /api/photos/:id': {
    summary: 'Delete a photo and its files; the next public photo becomes main (M-03)',
    params: ZPhotoIdParams,
    answer: ZPhotoList,
    errors,
  },
});
