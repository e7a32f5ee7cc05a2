-- The gift catalogue (C-09). Names are catalog texts (gift.<code>); images are drawn by the server
-- (features/chat/gift-images.ts) and served from /media/gifts/<code>.svg.
INSERT INTO "gifts" ("code", "image", "position") VALUES
  ('rose', 'rose.svg', 1),
  ('heart', 'heart.svg', 2),
  ('chocolates', 'chocolates.svg', 3),
  ('teddy', 'teddy.svg', 4),
  ('champagne', 'champagne.svg', 5),
  ('ring', 'ring.svg', 6),
  ('cupcake', 'cupcake.svg', 7),
  ('star', 'star.svg', 8),
  ('sunflower', 'sunflower.svg', 9),
  ('kiss', 'kiss.svg', 10),
  ('coffee', 'coffee.svg', 11),
  ('present', 'present.svg', 12)
ON CONFLICT ("code") DO NOTHING;
