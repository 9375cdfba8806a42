CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"pax" integer NOT NULL,
	"date_str" text NOT NULL,
	"time_str" text NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"session" text NOT NULL,
	"session_date" text NOT NULL,
	"created_time" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"special_request" text,
	"reject_reason" text,
	"no_show" boolean DEFAULT false NOT NULL,
	"cancel_token_hash" text NOT NULL,
	"acted_by" uuid,
	"idempotency_key" text,
	"request_hash" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_acted_by_users_id_fk" FOREIGN KEY ("acted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_shop_id_date_id_index" ON "bookings" USING btree ("shop_id","date","id");--> statement-breakpoint
CREATE INDEX "bookings_shop_new" ON "bookings" USING btree ("shop_id","date") WHERE "bookings"."status" = 'NEW';--> statement-breakpoint
CREATE INDEX "bookings_shop_id_phone_created_time_index" ON "bookings" USING btree ("shop_id","phone","created_time");--> statement-breakpoint
CREATE INDEX "bookings_shop_id_session_date_session_index" ON "bookings" USING btree ("shop_id","session_date","session");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_shop_id_idempotency_key_index" ON "bookings" USING btree ("shop_id","idempotency_key");