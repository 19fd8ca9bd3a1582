CREATE TABLE "key_policies" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"kind" text DEFAULT 'none' NOT NULL,
	"activation_limit" integer,
	"low_serials_threshold" integer DEFAULT 10 NOT NULL,
	"serial_sent_later" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "key_policies_kind_check" CHECK ("key_policies"."kind" in ('none', 'generated', 'serials'))
);
--> statement-breakpoint
CREATE TABLE "licence_activations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key_id" uuid NOT NULL,
	"instance_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deactivated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "licence_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"order_item_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"key" text,
	"kind" text NOT NULL,
	"serial_id" uuid,
	"state" text DEFAULT 'active' NOT NULL,
	"state_reason" text,
	"state_changed_at" timestamp with time zone,
	"activation_limit" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "licence_keys_state_check" CHECK ("licence_keys"."state" in ('active', 'suspended', 'revoked')),
	CONSTRAINT "licence_keys_kind_check" CHECK ("licence_keys"."kind" in ('generated', 'serial'))
);
--> statement-breakpoint
CREATE TABLE "licence_serials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"serial" text NOT NULL,
	"reserved_order_id" uuid,
	"reserved_item_id" uuid,
	"assigned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "licence_serials_product_serial_unique" UNIQUE("product_id","serial")
);
--> statement-breakpoint
ALTER TABLE "key_policies" ADD CONSTRAINT "key_policies_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licence_activations" ADD CONSTRAINT "licence_activations_key_id_licence_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."licence_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licence_keys" ADD CONSTRAINT "licence_keys_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licence_keys" ADD CONSTRAINT "licence_keys_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licence_keys" ADD CONSTRAINT "licence_keys_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licence_keys" ADD CONSTRAINT "licence_keys_serial_id_licence_serials_id_fk" FOREIGN KEY ("serial_id") REFERENCES "public"."licence_serials"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licence_serials" ADD CONSTRAINT "licence_serials_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licence_serials" ADD CONSTRAINT "licence_serials_reserved_order_id_orders_id_fk" FOREIGN KEY ("reserved_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licence_serials" ADD CONSTRAINT "licence_serials_reserved_item_id_order_items_id_fk" FOREIGN KEY ("reserved_item_id") REFERENCES "public"."order_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "licence_activations_live_unique" ON "licence_activations" USING btree ("key_id","instance_name") WHERE "licence_activations"."deactivated_at" is null;--> statement-breakpoint
CREATE INDEX "licence_keys_key_idx" ON "licence_keys" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "licence_keys_generated_key_unique" ON "licence_keys" USING btree ("key") WHERE "licence_keys"."kind" = 'generated';--> statement-breakpoint
CREATE INDEX "licence_keys_order_idx" ON "licence_keys" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "licence_keys_item_idx" ON "licence_keys" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "licence_keys_owed_idx" ON "licence_keys" USING btree ("product_id","created_at") WHERE "licence_keys"."key" is null;--> statement-breakpoint
CREATE INDEX "licence_serials_free_idx" ON "licence_serials" USING btree ("product_id","created_at") WHERE "licence_serials"."reserved_item_id" is null and "licence_serials"."assigned_at" is null;--> statement-breakpoint
CREATE INDEX "licence_serials_reserved_order_idx" ON "licence_serials" USING btree ("reserved_order_id") WHERE "licence_serials"."reserved_order_id" is not null;