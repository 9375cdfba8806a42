CREATE TABLE "report_daily" (
	"shop_id" uuid NOT NULL,
	"day" date NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"sales" bigint DEFAULT 0 NOT NULL,
	"delivery_charges" bigint DEFAULT 0 NOT NULL,
	"discounts" bigint DEFAULT 0 NOT NULL,
	"loyalty_discounts" bigint DEFAULT 0 NOT NULL,
	"card_surcharges" bigint DEFAULT 0 NOT NULL,
	"application_fees" bigint DEFAULT 0 NOT NULL,
	"cash_orders" integer DEFAULT 0 NOT NULL,
	"cash_sales" bigint DEFAULT 0 NOT NULL,
	"card_orders" integer DEFAULT 0 NOT NULL,
	"card_sales" bigint DEFAULT 0 NOT NULL,
	"pickup_orders" integer DEFAULT 0 NOT NULL,
	"pickup_sales" bigint DEFAULT 0 NOT NULL,
	"delivery_orders" integer DEFAULT 0 NOT NULL,
	"delivery_sales" bigint DEFAULT 0 NOT NULL,
	"refunded_orders" integer DEFAULT 0 NOT NULL,
	"refunds" bigint DEFAULT 0 NOT NULL,
	"card_charges" integer DEFAULT 0 NOT NULL,
	"card_charged" bigint DEFAULT 0 NOT NULL,
	"hours" integer[] NOT NULL,
	CONSTRAINT "report_daily_shop_id_day_pk" PRIMARY KEY("shop_id","day")
);
--> statement-breakpoint
CREATE TABLE "report_daily_items" (
	"shop_id" uuid NOT NULL,
	"day" date NOT NULL,
	"name" text NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"revenue" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_daily_items_shop_id_day_name_pk" PRIMARY KEY("shop_id","day","name")
);
--> statement-breakpoint
ALTER TABLE "report_daily" ADD CONSTRAINT "report_daily_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_daily_items" ADD CONSTRAINT "report_daily_items_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- What one order adds to its day's totals (sign 1) or takes back (sign -1). An order counts while it is ACCEPTED;
-- one accepted and then declined with its money returned stays in gross as a refund. The day and hour are the
-- placed time on the shop's wall clock.
CREATE FUNCTION report_apply(o orders, sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  a integer := CASE WHEN o.order_status_restaurant = 'ACCEPTED' THEN 1 ELSE 0 END;
  r integer := CASE WHEN o.order_status_restaurant = 'DECLINED' AND o.accepted_at IS NOT NULL
                     AND o.payment_status = 'REFUND_SUCCESS' THEN 1 ELSE 0 END;
  card integer := CASE WHEN o.payment_type = 'CREDIT_CARD' THEN 1 ELSE 0 END;
  cash integer := CASE WHEN o.payment_type = 'CASH' THEN 1 ELSE 0 END;
  pickup integer := CASE WHEN o.collection_type = 'PICKUP' THEN 1 ELSE 0 END;
  delivery integer := CASE WHEN o.collection_type = 'DELIVERY' THEN 1 ELSE 0 END;
  zone text;
  local_time timestamp;
  d date;
  h integer;
  hrs integer[];
BEGIN
  IF a = 0 AND r = 0 THEN
    RETURN;
  END IF;
  SELECT timezone INTO zone FROM shops WHERE id = o.shop_id;
  -- A shop being deleted takes its orders and its totals with it: nothing to keep.
  IF zone IS NULL THEN
    RETURN;
  END IF;
  local_time := o.placed_at AT TIME ZONE zone;
  d := local_time::date;
  h := extract(hour FROM local_time)::integer;
  hrs := array_fill(0, ARRAY[24]);
  hrs[h + 1] := sign * a;
  INSERT INTO report_daily AS t (shop_id, day, orders, sales, delivery_charges, discounts, loyalty_discounts,
      card_surcharges, application_fees, cash_orders, cash_sales, card_orders, card_sales, pickup_orders, pickup_sales,
      delivery_orders, delivery_sales, refunded_orders, refunds, card_charges, card_charged, hours)
  VALUES (o.shop_id, d, sign * a, sign * a * o.grand_total, sign * a * o.delivery_charges, sign * a * o.discount,
      sign * a * coalesce((o.cart ->> 'loyaltyDiscount')::bigint, 0), sign * a * o.credit_card_surcharge,
      sign * a * o.application_fee, sign * a * cash, sign * a * cash * o.grand_total, sign * a * card,
      sign * a * card * o.grand_total, sign * a * pickup, sign * a * pickup * o.grand_total, sign * a * delivery,
      sign * a * delivery * o.grand_total, sign * r, sign * r * o.grand_total, sign * card, sign * card * o.grand_total, hrs)
  ON CONFLICT (shop_id, day) DO UPDATE SET
    orders = t.orders + excluded.orders,
    sales = t.sales + excluded.sales,
    delivery_charges = t.delivery_charges + excluded.delivery_charges,
    discounts = t.discounts + excluded.discounts,
    loyalty_discounts = t.loyalty_discounts + excluded.loyalty_discounts,
    card_surcharges = t.card_surcharges + excluded.card_surcharges,
    application_fees = t.application_fees + excluded.application_fees,
    cash_orders = t.cash_orders + excluded.cash_orders,
    cash_sales = t.cash_sales + excluded.cash_sales,
    card_orders = t.card_orders + excluded.card_orders,
    card_sales = t.card_sales + excluded.card_sales,
    pickup_orders = t.pickup_orders + excluded.pickup_orders,
    pickup_sales = t.pickup_sales + excluded.pickup_sales,
    delivery_orders = t.delivery_orders + excluded.delivery_orders,
    delivery_sales = t.delivery_sales + excluded.delivery_sales,
    refunded_orders = t.refunded_orders + excluded.refunded_orders,
    refunds = t.refunds + excluded.refunds,
    card_charges = t.card_charges + excluded.card_charges,
    card_charged = t.card_charged + excluded.card_charged,
    hours[h + 1] = t.hours[h + 1] + sign * a;
  IF a = 1 THEN
    INSERT INTO report_daily_items AS t (shop_id, day, name, quantity, revenue)
    SELECT o.shop_id, d, line ->> 'name', sign * sum((line ->> 'quantity')::integer), sign * sum((line ->> 'total')::bigint)
    FROM jsonb_array_elements(o.cart -> 'items') AS line
    GROUP BY line ->> 'name'
    ON CONFLICT (shop_id, day, name) DO UPDATE SET
      quantity = t.quantity + excluded.quantity,
      revenue = t.revenue + excluded.revenue;
  END IF;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION report_orders_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM report_apply(OLD, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM report_apply(NEW, 1);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER orders_report_insert AFTER INSERT ON orders FOR EACH ROW
  WHEN (NEW.order_status_restaurant IN ('ACCEPTED', 'DECLINED'))
  EXECUTE FUNCTION report_orders_changed();
--> statement-breakpoint
-- Acknowledging, completing or re-timing an order moves no total: only the columns the totals read wake this.
CREATE TRIGGER orders_report_update AFTER UPDATE ON orders FOR EACH ROW
  WHEN ((OLD.order_status_restaurant, OLD.payment_status, OLD.accepted_at, OLD.grand_total, OLD.application_fee,
         OLD.placed_at, OLD.payment_type, OLD.collection_type)
        IS DISTINCT FROM
        (NEW.order_status_restaurant, NEW.payment_status, NEW.accepted_at, NEW.grand_total, NEW.application_fee,
         NEW.placed_at, NEW.payment_type, NEW.collection_type))
  EXECUTE FUNCTION report_orders_changed();
--> statement-breakpoint
CREATE TRIGGER orders_report_delete AFTER DELETE ON orders FOR EACH ROW
  WHEN (OLD.order_status_restaurant IN ('ACCEPTED', 'DECLINED'))
  EXECUTE FUNCTION report_orders_changed();
--> statement-breakpoint
-- A range of days' totals recomputed from the orders themselves, in report_daily's shape (hours as its array):
-- what the drift check compares the kept rows with, and what a rebuild writes.
CREATE FUNCTION report_daily_from_orders(p_shop uuid, p_from date, p_to date) RETURNS SETOF report_daily
LANGUAGE sql STABLE AS $$
  WITH z AS (SELECT timezone FROM shops WHERE id = p_shop),
  counted AS (
    SELECT x.*, (x.placed_at AT TIME ZONE z.timezone)::date AS d,
      extract(hour FROM x.placed_at AT TIME ZONE z.timezone)::integer AS h,
      (x.order_status_restaurant = 'ACCEPTED')::integer AS a,
      (x.order_status_restaurant = 'DECLINED' AND x.accepted_at IS NOT NULL AND x.payment_status = 'REFUND_SUCCESS')::integer AS r,
      (x.payment_type = 'CREDIT_CARD')::integer AS card
    FROM orders x, z
    WHERE x.shop_id = p_shop
      AND x.placed_at >= (p_from::timestamp AT TIME ZONE z.timezone)
      AND x.placed_at < ((p_to + 1)::timestamp AT TIME ZONE z.timezone)
      AND (x.order_status_restaurant = 'ACCEPTED'
           OR (x.order_status_restaurant = 'DECLINED' AND x.accepted_at IS NOT NULL AND x.payment_status = 'REFUND_SUCCESS'))
  ),
  per_day AS (
    SELECT d,
      sum(a)::integer AS orders, sum(a * grand_total)::bigint AS sales, sum(a * delivery_charges)::bigint AS delivery_charges,
      sum(a * discount)::bigint AS discounts, sum(a * coalesce((cart ->> 'loyaltyDiscount')::bigint, 0))::bigint AS loyalty_discounts,
      sum(a * credit_card_surcharge)::bigint AS card_surcharges, sum(a * application_fee)::bigint AS application_fees,
      sum(a * (1 - card))::integer AS cash_orders, sum(a * (1 - card) * grand_total)::bigint AS cash_sales,
      sum(a * card)::integer AS card_orders, sum(a * card * grand_total)::bigint AS card_sales,
      sum(a * (collection_type = 'PICKUP')::integer)::integer AS pickup_orders,
      sum(a * (collection_type = 'PICKUP')::integer * grand_total)::bigint AS pickup_sales,
      sum(a * (collection_type = 'DELIVERY')::integer)::integer AS delivery_orders,
      sum(a * (collection_type = 'DELIVERY')::integer * grand_total)::bigint AS delivery_sales,
      sum(r)::integer AS refunded_orders, sum(r * grand_total)::bigint AS refunds,
      sum(card)::integer AS card_charges, sum(card * grand_total)::bigint AS card_charged
    FROM counted GROUP BY d
  ),
  per_hour AS (SELECT d, h, sum(a)::integer AS n FROM counted GROUP BY d, h),
  hours AS (
    SELECT per_day.d, array_agg(coalesce(per_hour.n, 0) ORDER BY hh) AS hours
    FROM per_day CROSS JOIN generate_series(0, 23) AS hh
    LEFT JOIN per_hour ON per_hour.d = per_day.d AND per_hour.h = hh
    GROUP BY per_day.d
  )
  SELECT p_shop, per_day.d, orders, sales, delivery_charges, discounts, loyalty_discounts, card_surcharges, application_fees,
    cash_orders, cash_sales, card_orders, card_sales, pickup_orders, pickup_sales, delivery_orders, delivery_sales,
    refunded_orders, refunds, card_charges, card_charged, hours.hours
  FROM per_day JOIN hours ON hours.d = per_day.d
$$;
