-- Shop-scoped item search: one GIN index over (shop_id, search_text trigrams), so `shop_id = $1 AND search_text
-- ILIKE '%word%'` reads only that shop's posting lists, however many items the other shops hold.
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS items_shop_search_trgm ON items USING gin (shop_id, search_text gin_trgm_ops);
--> statement-breakpoint
-- The storefront menu's cache key: one counter per shop, bumped by every write to what the menu shows (items; the
-- menu, pizza and delivery documents), whichever process or tool made it.
CREATE OR REPLACE FUNCTION bump_catalog_versions(shop_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO catalog_versions (shop_id, version)
  SELECT DISTINCT s, 2 FROM unnest(shop_ids) AS s WHERE EXISTS (SELECT 1 FROM shops WHERE id = s)
  ON CONFLICT (shop_id) DO UPDATE SET version = catalog_versions.version + 1
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION items_bump_catalog_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_catalog_versions(ARRAY(SELECT DISTINCT shop_id FROM changed_items));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER items_catalog_insert AFTER INSERT ON items
  REFERENCING NEW TABLE AS changed_items FOR EACH STATEMENT EXECUTE FUNCTION items_bump_catalog_new();
--> statement-breakpoint
CREATE TRIGGER items_catalog_update AFTER UPDATE ON items
  REFERENCING NEW TABLE AS changed_items FOR EACH STATEMENT EXECUTE FUNCTION items_bump_catalog_new();
--> statement-breakpoint
CREATE TRIGGER items_catalog_delete AFTER DELETE ON items
  REFERENCING OLD TABLE AS changed_items FOR EACH STATEMENT EXECUTE FUNCTION items_bump_catalog_new();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION shop_settings_bump_catalog() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.kind IN ('menu', 'pizza', 'delivery') THEN PERFORM bump_catalog_versions(ARRAY[OLD.shop_id]); END IF;
    RETURN NULL;
  END IF;
  IF NEW.kind IN ('menu', 'pizza', 'delivery') THEN PERFORM bump_catalog_versions(ARRAY[NEW.shop_id]); END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER shop_settings_catalog AFTER INSERT OR UPDATE OR DELETE ON shop_settings
  FOR EACH ROW EXECUTE FUNCTION shop_settings_bump_catalog();
