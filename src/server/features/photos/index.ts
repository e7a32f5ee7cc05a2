// The photos feature as other features see it (decision 0025): import from here, never from its files.
export { getMainImage, presentMainImage, processImage, readPublicMedia, tooLarge } from './service.ts';
