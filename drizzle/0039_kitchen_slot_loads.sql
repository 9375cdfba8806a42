CREATE TABLE "kitchen_slot_loads" (
	"shop_id" uuid NOT NULL,
	"collection_type" text NOT NULL,
	"slot" timestamp with time zone NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"sales" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "kitchen_slot_loads_shop_id_collection_type_slot_pk" PRIMARY KEY("shop_id","collection_type","slot")
);
--> statement-breakpoint
DROP INDEX "orders_shop_id_collection_type_kitchen_slot_index";--> statement-breakpoint
ALTER TABLE "kitchen_slot_loads" ADD CONSTRAINT "kitchen_slot_loads_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- What one order adds to its slot's load (sign 1) or takes back (sign -1): only while it counts, a NEW or ACCEPTED
-- order that went through and was given a slot. Taking back only ever meets a row its adding made (a shop being
-- deleted may have taken it already: nothing to do then).
CREATE FUNCTION kitchen_slot_apply(o orders, sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF o.kitchen_slot IS NULL OR o.status <> 'OK' OR o.order_status_restaurant NOT IN ('NEW', 'ACCEPTED') THEN
    RETURN;
  END IF;
  IF sign > 0 THEN
    INSERT INTO kitchen_slot_loads AS k (shop_id, collection_type, slot, orders, sales)
    VALUES (o.shop_id, o.collection_type, o.kitchen_slot, 1, o.grand_total)
    ON CONFLICT (shop_id, collection_type, slot) DO UPDATE SET orders = k.orders + 1, sales = k.sales + excluded.sales;
  ELSE
    UPDATE kitchen_slot_loads SET orders = orders - 1, sales = sales - o.grand_total
     WHERE shop_id = o.shop_id AND collection_type = o.collection_type AND slot = o.kitchen_slot;
  END IF;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION kitchen_slot_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM kitchen_slot_apply(OLD, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM kitchen_slot_apply(NEW, 1);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Whether a slot holding `orders` orders and `sales` cents has room for one more of `total` cents under the limits
-- (null: none), as domain/kitchen.ts hasRoom says: an empty slot takes any order.
CREATE FUNCTION kitchen_slot_room(orders integer, sales bigint, max_orders integer, max_sales bigint, total integer)
RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT (max_orders IS NULL OR coalesce(orders, 0) + 1 <= max_orders)
     AND (max_sales IS NULL OR coalesce(orders, 0) = 0 OR coalesce(sales, 0) + greatest(total, 1) <= max_sales)
$$;
--> statement-breakpoint
-- The slot a placement took, or (none: every slot it tried was full by the time it looked) the error that undoes the
-- whole statement, order and all; the service then looks again (repo.ts SLOT_TAKEN_ERROR).
CREATE FUNCTION kitchen_slot_taken(slot timestamptz) RETURNS timestamptz LANGUAGE plpgsql AS $$
BEGIN
  IF slot IS NULL THEN
    RAISE EXCEPTION 'kitchen slot full' USING ERRCODE = 'KSF01';
  END IF;
  RETURN slot;
END;
$$;
--> statement-breakpoint
INSERT INTO kitchen_slot_loads (shop_id, collection_type, slot, orders, sales)
SELECT shop_id, collection_type, kitchen_slot, count(*), sum(grand_total) FROM orders
 WHERE kitchen_slot IS NOT NULL AND status = 'OK' AND order_status_restaurant IN ('NEW', 'ACCEPTED')
 GROUP BY shop_id, collection_type, kitchen_slot;
--> statement-breakpoint
CREATE TRIGGER orders_kitchen_insert AFTER INSERT ON orders FOR EACH ROW
  WHEN (NEW.kitchen_slot IS NOT NULL AND NEW.status = 'OK' AND NEW.order_status_restaurant IN ('NEW', 'ACCEPTED'))
  EXECUTE FUNCTION kitchen_slot_changed();
--> statement-breakpoint
-- Accepting, completing or re-timing an order moves no load: only a change of what counts where wakes this.
CREATE TRIGGER orders_kitchen_update AFTER UPDATE ON orders FOR EACH ROW
  WHEN ((CASE WHEN OLD.status = 'OK' AND OLD.order_status_restaurant IN ('NEW', 'ACCEPTED') THEN OLD.kitchen_slot END,
         OLD.shop_id, OLD.collection_type, OLD.grand_total)
        IS DISTINCT FROM
        (CASE WHEN NEW.status = 'OK' AND NEW.order_status_restaurant IN ('NEW', 'ACCEPTED') THEN NEW.kitchen_slot END,
         NEW.shop_id, NEW.collection_type, NEW.grand_total))
  EXECUTE FUNCTION kitchen_slot_changed();
--> statement-breakpoint
CREATE TRIGGER orders_kitchen_delete AFTER DELETE ON orders FOR EACH ROW
  WHEN (OLD.kitchen_slot IS NOT NULL AND OLD.status = 'OK' AND OLD.order_status_restaurant IN ('NEW', 'ACCEPTED'))
  EXECUTE FUNCTION kitchen_slot_changed();
