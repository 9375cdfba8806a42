CREATE TABLE "unanswered_orders" (
	"shop_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"counted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "unanswered_orders_shop_id_order_id_pk" PRIMARY KEY("shop_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "unanswered_runs" (
	"shop_id" uuid PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"last_counted_at" timestamp with time zone,
	"last_paused_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "unanswered_orders" ADD CONSTRAINT "unanswered_orders_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unanswered_runs" ADD CONSTRAINT "unanswered_runs_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;