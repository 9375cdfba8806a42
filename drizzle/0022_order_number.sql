CREATE TABLE "order_number_counters" (
	"shop_id" uuid PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_number_counters" ADD CONSTRAINT "order_number_counters_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Existing orders are numbered per shop in the order they were placed, from 1001; the counters continue from there.
ALTER TABLE "orders" ADD COLUMN "number" integer;--> statement-breakpoint
UPDATE "orders" o SET "number" = n.num
FROM (SELECT id, 1000 + row_number() OVER (PARTITION BY shop_id ORDER BY placed_at, id) AS num FROM "orders") n
WHERE o.id = n.id;--> statement-breakpoint
INSERT INTO "order_number_counters" ("shop_id", "last") SELECT shop_id, max("number") FROM "orders" GROUP BY shop_id;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "number" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_shop_id_number_index" ON "orders" USING btree ("shop_id","number");--> statement-breakpoint
-- Every order takes the next number of its shop here, whatever inserted it. The counter row stays locked until the
-- inserting transaction ends, so concurrent placements in one shop queue for it and never share or skip a number
-- (a rolled-back insert rolls its step back too).
CREATE OR REPLACE FUNCTION orders_assign_number() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_number_counters AS c (shop_id, last) VALUES (NEW.shop_id, 1001)
  ON CONFLICT (shop_id) DO UPDATE SET last = c.last + 1
  RETURNING c.last INTO NEW.number;
  -- A retry carrying an Idempotency-Key the shop already holds inserts nothing (ON CONFLICT DO NOTHING): its step is
  -- given back, or the shop's next order would skip a number. Under the counter's lock this query sees the first
  -- attempt once it has committed.
  IF NEW.idempotency_key IS NOT NULL
    AND EXISTS (SELECT 1 FROM orders o WHERE o.shop_id = NEW.shop_id AND o.idempotency_key = NEW.idempotency_key) THEN
    UPDATE order_number_counters SET last = last - 1 WHERE shop_id = NEW.shop_id;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER orders_assign_number BEFORE INSERT ON orders FOR EACH ROW EXECUTE FUNCTION orders_assign_number();
--> statement-breakpoint
-- History's search within a shop: customer name (ILIKE '%…%') and phone digits (LIKE '%…%') read only that shop's
-- posting lists (btree_gin, from catalog_sql, lets shop_id lead a GIN index).
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS orders_shop_search_trgm ON orders USING gin (shop_id, customer_name gin_trgm_ops, mobile gin_trgm_ops);
