DROP INDEX "orders_shop_id_mobile_index";--> statement-breakpoint
CREATE INDEX "orders_shop_id_mobile_placed_at_index" ON "orders" USING btree ("shop_id","mobile","placed_at");