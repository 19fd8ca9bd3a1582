CREATE TABLE "tax_document_counters" (
	"series" text PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"order_id" uuid NOT NULL,
	"refund_id" text,
	"invoice_id" uuid,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"currency" text NOT NULL,
	"net_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"gross_cents" integer NOT NULL,
	"tax_country" text,
	"tax_region" text,
	"tax_rate_basis_points" integer NOT NULL,
	"tax_label" text NOT NULL,
	"reverse_charge" boolean DEFAULT false NOT NULL,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	CONSTRAINT "tax_documents_number_unique" UNIQUE("number"),
	CONSTRAINT "tax_documents_kind_check" CHECK ("tax_documents"."kind" in ('invoice', 'credit_note')),
	CONSTRAINT "tax_documents_amounts_check" CHECK ("tax_documents"."net_cents" >= 0 and "tax_documents"."tax_cents" >= 0 and "tax_documents"."gross_cents" = "tax_documents"."net_cents" + "tax_documents"."tax_cents")
);
--> statement-breakpoint
CREATE TABLE "tax_rates" (
	"country_code" text NOT NULL,
	"region_code" text DEFAULT '' NOT NULL,
	"rate_basis_points" integer NOT NULL,
	"label" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "tax_rates_country_code_region_code_pk" PRIMARY KEY("country_code","region_code"),
	CONSTRAINT "tax_rates_rate_check" CHECK ("tax_rates"."rate_basis_points" >= 0 and "tax_rates"."rate_basis_points" <= 10000)
);
--> statement-breakpoint
CREATE TABLE "tax_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"mode" text DEFAULT 'flat' NOT NULL,
	"prices_include_tax" boolean DEFAULT false NOT NULL,
	"seller_country" text,
	"seller_legal_name" text,
	"seller_address" text,
	"seller_tax_number" text,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_settings_single_row" CHECK ("tax_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_details" jsonb;--> statement-breakpoint
ALTER TABLE "payment_sessions" ADD COLUMN "card_country" text;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_invoice_order_idx" ON "tax_documents" USING btree ("order_id") WHERE "tax_documents"."kind" = 'invoice';--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_refund_idx" ON "tax_documents" USING btree ("refund_id") WHERE "tax_documents"."refund_id" is not null;--> statement-breakpoint
CREATE INDEX "tax_documents_issued_idx" ON "tax_documents" USING btree ("issued_at");--> statement-breakpoint
CREATE INDEX "tax_documents_order_idx" ON "tax_documents" USING btree ("order_id");