CREATE TABLE "store_event_counts" (
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"slot" smallint NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "store_event_counts_day_kind_slot_pk" PRIMARY KEY("day","kind","slot")
);
--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at");