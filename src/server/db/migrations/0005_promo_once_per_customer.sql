ALTER TABLE "promo_codes" ADD COLUMN "once_per_customer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD COLUMN "buyer_key" text;--> statement-breakpoint
CREATE INDEX "promo_redemptions_buyer_idx" ON "promo_redemptions" USING btree ("promo_code_id","buyer_key");