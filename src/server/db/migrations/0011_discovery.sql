-- Trigram matching (typo-tolerant search); trusted, so the database owner may add it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "bpm" real;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "music_key" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "genre" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sound_types" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "on_sale" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "discovery_version" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, name), 'A') || setweight(jsonb_to_tsvector('english'::regconfig, coalesce(metadata->'tags', '[]'::jsonb), '["string"]'::jsonb), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(metadata->>'genre', '')), 'B') || setweight(to_tsvector('english'::regconfig, description), 'C')) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(name || ' ' || coalesce(metadata->>'genre', '') || ' ' || coalesce(metadata->>'tags', ''))) STORED;--> statement-breakpoint
CREATE INDEX "products_bpm_idx" ON "products" USING btree ("bpm") WHERE is_active;--> statement-breakpoint
CREATE INDEX "products_music_key_idx" ON "products" USING btree ("music_key") WHERE is_active;--> statement-breakpoint
CREATE INDEX "products_genre_idx" ON "products" USING btree (lower("genre")) WHERE is_active;--> statement-breakpoint
CREATE INDEX "products_tags_idx" ON "products" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "products_sound_types_idx" ON "products" USING gin ("sound_types");--> statement-breakpoint
CREATE INDEX "products_search_vector_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "products_search_text_idx" ON "products" USING gin ("search_text" gin_trgm_ops);