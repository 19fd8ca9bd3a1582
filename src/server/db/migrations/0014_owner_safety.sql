CREATE TABLE "product_file_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text,
	"changelog" text,
	"uploaded_by_id" text,
	"uploaded_by" text NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	CONSTRAINT "product_file_versions_product_number_key" UNIQUE("product_id","number")
);
--> statement-breakpoint
CREATE TABLE "refund_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"order_item_ids" jsonb NOT NULL,
	"amount_cents" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"refund_id" text,
	"reason" text,
	"requested_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refund_requests_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "refund_requests_status_check" CHECK ("refund_requests"."status" in ('pending', 'succeeded', 'failed')),
	CONSTRAINT "refund_requests_amount_check" CHECK ("refund_requests"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "admin_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "product_update_emails" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "live_file_version" integer;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "downloads" ADD COLUMN "file_version" integer;--> statement-breakpoint
ALTER TABLE "product_file_versions" ADD CONSTRAINT "product_file_versions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_file_versions" ADD CONSTRAINT "product_file_versions_uploaded_by_id_user_id_fk" FOREIGN KEY ("uploaded_by_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refund_requests_order_idx" ON "refund_requests" USING btree ("order_id","status");--> statement-breakpoint
INSERT INTO "product_file_versions" ("product_id", "number", "storage_key", "file_name", "size", "sha256", "uploaded_by", "uploaded_at", "published_at")
SELECT "id", 1, "file_url", regexp_replace("file_url", '^(.*/)?([0-9a-f]{8}-)?', ''), "file_size", "file_sha256", 'before file versions', "updated_at", "updated_at" FROM "products" WHERE "file_url" IS NOT NULL;--> statement-breakpoint
UPDATE "products" SET "live_file_version" = 1 WHERE "file_url" IS NOT NULL;--> statement-breakpoint
UPDATE "user" SET "admin_since" = "created_at" WHERE "role" = 'admin';
