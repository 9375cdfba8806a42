CREATE TABLE "promotions" (
	"shop_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"coupon" text NOT NULL,
	"description" text NOT NULL,
	"type" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"dows" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"max_redeems" integer DEFAULT 0 NOT NULL,
	"exclusive" boolean DEFAULT false NOT NULL,
	"first_order_discount" boolean DEFAULT false NOT NULL,
	"collection_type" text DEFAULT '' NOT NULL,
	"applicable_over_cents" integer NOT NULL,
	"discount_cents" integer,
	"discount_percentage" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_shop_id_id_pk" PRIMARY KEY("shop_id","id"),
	CONSTRAINT "promotions_shop_coupon" UNIQUE("shop_id","coupon")
);
--> statement-breakpoint
CREATE TABLE "shop_closures" (
	"shop_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"date" date NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"pickup" jsonb NOT NULL,
	"delivery" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_closures_shop_id_id_pk" PRIMARY KEY("shop_id","id"),
	CONSTRAINT "shop_closures_shop_date" UNIQUE("shop_id","date")
);
--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_closures" ADD CONSTRAINT "shop_closures_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promotions_shop_id_created_at_index" ON "promotions" USING btree ("shop_id","created_at");