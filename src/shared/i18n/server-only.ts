/**
 * Catalog keys only the server uses: the texts of its e-mails and receipts. The browser's catalogs leave
 * them out (scripts/vite-precompile-messages.ts), which keeps the Dutch catalog of the first page within
 * its budget; the server reads the whole files.
 */
export const SERVER_ONLY_KEY = /^(mail|receipt)\./;
