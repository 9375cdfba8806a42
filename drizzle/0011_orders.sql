CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"status" text DEFAULT 'OK' NOT NULL,
	"message" text,
	"order_status_restaurant" text NOT NULL,
	"payment_status" text NOT NULL,
	"payment_type" text NOT NULL,
	"customer_name" text NOT NULL,
	"mobile" text NOT NULL,
	"collection_type" text NOT NULL,
	"collection_time" timestamp with time zone,
	"placed_at" timestamp with time zone NOT NULL,
	"previous_order_count" integer DEFAULT 0 NOT NULL,
	"application_fee" integer DEFAULT 0 NOT NULL,
	"grand_total" integer NOT NULL,
	"delivery_charges" integer DEFAULT 0 NOT NULL,
	"discount" integer DEFAULT 0 NOT NULL,
	"credit_card_surcharge" integer DEFAULT 0 NOT NULL,
	"coupon" text,
	"cart" jsonb NOT NULL,
	"eta" jsonb,
	"reject_reason" text,
	"acknowledged_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"acted_by" uuid,
	"payment_provider" text,
	"payment_id" text,
	"idempotency_key" text,
	"request_hash" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_refund_id" text,
	"status" text NOT NULL,
	"failure_message" text,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_event_counters" (
	"shop_id" uuid PRIMARY KEY NOT NULL,
	"last_seq" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_events" (
	"shop_id" uuid NOT NULL,
	"seq" bigint NOT NULL,
	"type" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_events_shop_id_seq_pk" PRIMARY KEY("shop_id","seq")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_acted_by_users_id_fk" FOREIGN KEY ("acted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_event_counters" ADD CONSTRAINT "shop_event_counters_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_events" ADD CONSTRAINT "shop_events_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_shop_id_placed_at_id_index" ON "orders" USING btree ("shop_id","placed_at","id");--> statement-breakpoint
CREATE INDEX "orders_shop_new" ON "orders" USING btree ("shop_id","placed_at") WHERE "orders"."order_status_restaurant" = 'NEW';--> statement-breakpoint
CREATE INDEX "orders_shop_id_mobile_index" ON "orders" USING btree ("shop_id","mobile");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_shop_id_idempotency_key_index" ON "orders" USING btree ("shop_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "refunds_shop_id_order_id_index" ON "refunds" USING btree ("shop_id","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_order_id_index" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_idempotency_key_index" ON "refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "shop_events_created_at_index" ON "shop_events" USING btree ("created_at");