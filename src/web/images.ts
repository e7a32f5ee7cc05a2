/**
 * A photo's address. Absolute addresses stay as they are; a path ("/media/...") is appended to the site's
 * CDN prefix (spec §2); a bare storage key is a media file under that prefix.
 */
export function imageUrl(cdnPrefix: string, filename: string): string {
  if (/^(https?:)?\/\//.test(filename) || filename.startsWith('blob:')) return filename;
  const prefix = cdnPrefix.replace(/\/$/, '');
  return filename.startsWith('/') ? `${prefix}${filename}` : `${prefix}/media/${filename}`;
}
