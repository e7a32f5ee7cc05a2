CREATE UNIQUE INDEX "photos_filename_key" ON "photos" USING btree ("filename");--> statement-breakpoint
CREATE UNIQUE INDEX "photos_thumb_filename_key" ON "photos" USING btree ("thumb_filename");