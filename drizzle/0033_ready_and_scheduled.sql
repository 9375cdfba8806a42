ALTER TABLE "orders" ADD COLUMN "marked_ready_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "hold_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_held" ON "orders" USING btree ("hold_until") WHERE "orders"."hold_until" IS NOT NULL AND "orders"."released_at" IS NULL;