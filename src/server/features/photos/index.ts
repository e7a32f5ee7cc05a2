// The photos feature as other features see it (decision 0025): import from here, never from its files.

export {
  approvePhotoIn,
  findAnyPhoto,
  readPhotoFileForStaff,
  removePhotoFiles,
  removeRejectedPhotoIn,
} from './moderation.ts';
export type { PhotoRow, Tx as PhotoTx } from './queries.ts';
export { getMainImage, presentMainImage, processImage, readPublicMedia, tooLarge } from './service.ts';
