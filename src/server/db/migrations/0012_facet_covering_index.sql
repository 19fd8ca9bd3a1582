-- The filter panel counts every active product's facet values on each faceted list: this index
-- holds exactly those values, so the count reads it alone (an index-only scan) instead of the
-- wide product rows (descriptions, metadata, search vectors).
CREATE INDEX "products_facets_idx" ON "products" USING btree ("category_id") INCLUDE ("genre", "music_key", "bpm", "price_cents", "on_sale", "sound_types", "tags") WHERE is_active;
