CREATE TABLE "bundle_items" (
	"bundle_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "bundle_items_bundle_id_product_id_pk" PRIMARY KEY("bundle_id","product_id"),
	CONSTRAINT "bundle_items_not_itself" CHECK ("bundle_items"."bundle_id" <> "bundle_items"."product_id")
);
--> statement-breakpoint
CREATE TABLE "sales" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"percent_off" integer,
	"amount_off_cents" integer,
	"scope" text NOT NULL,
	"product_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"category_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_amount_check" CHECK (("sales"."percent_off" between 1 and 100 and "sales"."amount_off_cents" is null) or ("sales"."percent_off" is null and "sales"."amount_off_cents" > 0)),
	CONSTRAINT "sales_window_check" CHECK ("sales"."ends_at" > "sales"."starts_at"),
	CONSTRAINT "sales_scope_check" CHECK ("sales"."scope" in ('store', 'products', 'categories'))
);
--> statement-breakpoint
CREATE TABLE "cart_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"cart_started_at" timestamp with time zone NOT NULL,
	"email_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_reminders_user_cart_unique" UNIQUE("user_id","cart_started_at")
);
--> statement-breakpoint
CREATE TABLE "email_preferences" (
	"user_id" text PRIMARY KEY NOT NULL,
	"cart_reminders" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "free_product_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"email" text NOT NULL,
	"consent_text" text NOT NULL,
	"news_consent" boolean DEFAULT false NOT NULL,
	"news_consent_text" text,
	"confirmed_at" timestamp with time zone,
	"order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "free_product_claims_email_lowercase" CHECK ("free_product_claims"."email" = lower("free_product_claims"."email"))
);
--> statement-breakpoint
ALTER TABLE "promo_codes" DROP CONSTRAINT "promo_codes_percent_off_range";--> statement-breakpoint
ALTER TABLE "promo_codes" ALTER COLUMN "percent_off" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "price_model" text DEFAULT 'fixed' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "min_price_cents" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "is_bundle" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "bundle_floor_cents" integer;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "chosen_price_cents" integer;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "amount_off_cents" integer;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "product_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "category_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "exclude_sale_items" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "budget_cents" integer;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "discount_given_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "regular_price_cents" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "sale_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "parent_item_id" uuid;--> statement-breakpoint
ALTER TABLE "email_signups" ADD COLUMN "consent_text" text;--> statement-breakpoint
ALTER TABLE "email_signups" ADD COLUMN "unsubscribed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bundle_items" ADD CONSTRAINT "bundle_items_bundle_id_products_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_items" ADD CONSTRAINT "bundle_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_reminders" ADD CONSTRAINT "cart_reminders_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_preferences" ADD CONSTRAINT "email_preferences_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "free_product_claims" ADD CONSTRAINT "free_product_claims_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "free_product_claims" ADD CONSTRAINT "free_product_claims_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bundle_items_product_idx" ON "bundle_items" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "sales_window_idx" ON "sales" USING btree ("ends_at","starts_at");--> statement-breakpoint
CREATE INDEX "free_product_claims_email_idx" ON "free_product_claims" USING btree ("email","product_id");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_parent_item_id_order_items_id_fk" FOREIGN KEY ("parent_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_items_parent_idx" ON "order_items" USING btree ("parent_item_id") WHERE "order_items"."parent_item_id" is not null;--> statement-breakpoint
CREATE INDEX "order_items_sale_idx" ON "order_items" USING btree ("sale_id") WHERE "order_items"."sale_id" is not null;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_price_model_check" CHECK ("products"."price_model" in ('fixed', 'pwyw'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_min_price_check" CHECK ("products"."min_price_cents" is null or "products"."min_price_cents" >= 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_bundle_floor_check" CHECK ("products"."bundle_floor_cents" is null or "products"."bundle_floor_cents" >= 0);--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_amount_check" CHECK (("promo_codes"."percent_off" between 1 and 100 and "promo_codes"."amount_off_cents" is null) or ("promo_codes"."percent_off" is null and "promo_codes"."amount_off_cents" > 0));--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_budget_check" CHECK ("promo_codes"."discount_given_cents" >= 0 and ("promo_codes"."budget_cents" is null or "promo_codes"."discount_given_cents" <= "promo_codes"."budget_cents"));--> statement-breakpoint
-- A sale or a bundle's contents change what the catalog answers: the same notification as products.
CREATE TRIGGER sales_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sales FOR EACH STATEMENT EXECUTE FUNCTION als_notify_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER bundle_items_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON bundle_items FOR EACH STATEMENT EXECUTE FUNCTION als_notify_catalog_changed();
--> statement-breakpoint
-- Orders that already hold a use of a code hold its discount too, so a budget set later counts them.
UPDATE promo_redemptions SET discount_cents = orders.discount_cents FROM orders WHERE orders.id = promo_redemptions.order_id AND promo_redemptions.status IN ('reserved', 'redeemed');
--> statement-breakpoint
UPDATE promo_codes SET discount_given_cents = held.total FROM (SELECT promo_code_id, sum(discount_cents)::integer AS total FROM promo_redemptions WHERE status IN ('reserved', 'redeemed') GROUP BY promo_code_id) AS held WHERE held.promo_code_id = promo_codes.id;
