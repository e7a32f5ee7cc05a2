-- Demo photos were named demo-<member>-<n>.webp: guessable, so photos the API keeps locked (visitors see only
-- the main photo) could be fetched by counting. Give them a random part like members' own photo names
-- (issue 10 item 11); the portraits are drawn again under the new names on their first request.
UPDATE "photos"
SET
  "filename" = regexp_replace("filename", '\.webp$', '') || '-' || replace(gen_random_uuid()::text, '-', '') || '.webp',
  "thumb_filename" = regexp_replace("thumb_filename", '_t\.webp$', '') || '-' || replace(gen_random_uuid()::text, '-', '') || '_t.webp'
WHERE "filename" ~ '^demo-[1-9][0-9]{0,6}-[1-9]\.webp$'
  AND "thumb_filename" ~ '^demo-[1-9][0-9]{0,6}-[1-9]_t\.webp$';
