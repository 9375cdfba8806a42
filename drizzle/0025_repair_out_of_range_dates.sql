-- The API now refuses dates outside 2000-2100. Rows an older release stored with such dates (year 0020, BC, 9999)
-- are repaired here: a nullable time is emptied, a required one is brought to the nearest day of the range, and a
-- closure on a day no shop will see is removed.
-- A post's publish or expiry time: emptied (a post without a publish time is a draft; the seller publishes it again).
UPDATE "posts" SET "publish_at" = NULL
WHERE "publish_at" < '2000-01-01T00:00:00Z' OR "publish_at" >= '2101-01-01T00:00:00Z';--> statement-breakpoint
UPDATE "posts" SET "expire_at" = NULL
WHERE "expire_at" < '2000-01-01T00:00:00Z' OR "expire_at" >= '2101-01-01T00:00:00Z';--> statement-breakpoint
-- An item sold out until before 2000 is back on sale (that time has passed); until after 2100, sold out until put back.
UPDATE "items" SET "sold_out" = false, "sold_out_until" = NULL WHERE "sold_out_until" < '2000-01-01T00:00:00Z';--> statement-breakpoint
UPDATE "items" SET "sold_out_until" = NULL WHERE "sold_out_until" >= '2101-01-01T00:00:00Z';--> statement-breakpoint
-- An order's requested collection time: emptied (the order reads as one for as soon as possible).
UPDATE "orders" SET "collection_time" = NULL
WHERE "collection_time" < '2000-01-01T00:00:00Z' OR "collection_time" >= '2101-01-01T00:00:00Z';--> statement-breakpoint
-- A closure outside the range closes no day a shop will have.
DELETE FROM "shop_closures" WHERE "date" < '2000-01-01' OR "date" > '2100-12-31';--> statement-breakpoint
-- A coupon's days: each end brought into the range (an order kept, so start stays on or before end).
UPDATE "promotions" SET
  "start_date" = LEAST(GREATEST("start_date", '2000-01-01'::date), '2100-12-31'::date),
  "end_date" = LEAST(GREATEST("end_date", '2000-01-01'::date), '2100-12-31'::date)
WHERE "start_date" NOT BETWEEN '2000-01-01' AND '2100-12-31' OR "end_date" NOT BETWEEN '2000-01-01' AND '2100-12-31';--> statement-breakpoint
-- A booking's instant: brought to the first or last instant of the range, its days written from it (UTC), so it stays
-- in the shop's history with a date every screen can show.
UPDATE "bookings" SET
  "date" = LEAST(GREATEST("date", '2000-01-01T00:00:00Z'::timestamptz), '2100-12-31T23:59:00Z'::timestamptz),
  "date_str" = to_char(LEAST(GREATEST("date", '2000-01-01T00:00:00Z'::timestamptz), '2100-12-31T23:59:00Z'::timestamptz) AT TIME ZONE 'UTC', 'YYYY-MM-DD'),
  "session_date" = to_char(LEAST(GREATEST("date", '2000-01-01T00:00:00Z'::timestamptz), '2100-12-31T23:59:00Z'::timestamptz) AT TIME ZONE 'UTC', 'YYYY-MM-DD')
WHERE "date" < '2000-01-01T00:00:00Z' OR "date" >= '2101-01-01T00:00:00Z';
