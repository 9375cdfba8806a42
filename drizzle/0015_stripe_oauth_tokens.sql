CREATE TABLE "stripe_oauth_tokens" (
	"shop_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "stripe_oauth_tokens_shop_id_kind_token_hash_pk" PRIMARY KEY("shop_id","kind","token_hash")
);
--> statement-breakpoint
ALTER TABLE "stripe_oauth_tokens" ADD CONSTRAINT "stripe_oauth_tokens_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;