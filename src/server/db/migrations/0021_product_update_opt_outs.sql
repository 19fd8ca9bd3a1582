CREATE TABLE "product_update_opt_outs" (
	"email" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_update_opt_outs_email_lowercase" CHECK ("product_update_opt_outs"."email" = lower("product_update_opt_outs"."email"))
);
