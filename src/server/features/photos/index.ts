// The photos feature as other features see it (decision 0025): import from here, never from its files.

export type { PhotoRow, Tx as PhotoTx } from './queries.ts';
export {
  approvePhotoIn,
  findAnyPhoto,
  getMainImage,
  presentMainImage,
  processImage,
  readPhotoFileForStaff,
  readPublicMedia,
  removePhotoFiles,
  removeRejectedPhotoIn,
  tooLarge,
} from './service.ts';
