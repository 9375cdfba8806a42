CREATE TABLE "audit_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"shop_id" uuid,
	"at" timestamp with time zone NOT NULL,
	"actor_user_id" uuid,
	"actor_name" text,
	"api_key_id" uuid,
	"api_key_name" text,
	"ip" text,
	"user_agent" text,
	"kind" text NOT NULL,
	"action" text NOT NULL,
	"record_id" text,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE INDEX "audit_entries_shop_id_at_id_index" ON "audit_entries" USING btree ("shop_id","at","id");--> statement-breakpoint
CREATE INDEX "audit_entries_at_id_index" ON "audit_entries" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "audit_entries_actor_user_id_at_index" ON "audit_entries" USING btree ("actor_user_id","at");--> statement-breakpoint
-- The log is append-only for everyone, the product's own role included.
CREATE FUNCTION audit_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit entries cannot be changed or deleted' USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER audit_entries_no_update_or_delete BEFORE UPDATE OR DELETE ON "audit_entries"
  FOR EACH ROW EXECUTE FUNCTION audit_entries_append_only();--> statement-breakpoint
CREATE TRIGGER audit_entries_no_truncate BEFORE TRUNCATE ON "audit_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION audit_entries_append_only();--> statement-breakpoint
-- One row of an audited table changed: records it, in the same transaction, when a person or an API key is acting (the
-- transaction-local setting servery.actor, set by server/infra/db/actorClient.ts). Arguments: the kind, the column naming the shop
-- ('' for none), the columns naming the record, the secret columns (masked), the columns that are not a change
-- (timestamps, search text). An UPDATE that changed only those records nothing.
CREATE FUNCTION audit_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor jsonb := nullif(current_setting('servery.actor', true), '')::jsonb;
  kind text := TG_ARGV[0];
  shop_column text := TG_ARGV[1];
  id_columns text[] := string_to_array(TG_ARGV[2], ',');
  secret_columns text[] := string_to_array(TG_ARGV[3], ',');
  ignored text[] := string_to_array(TG_ARGV[4], ',');
  before_row jsonb;
  after_row jsonb;
  any_row jsonb;
  secret text;
BEGIN
  IF actor IS NULL THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN before_row := to_jsonb(OLD); END IF;
  IF TG_OP <> 'DELETE' THEN after_row := to_jsonb(NEW); END IF;
  any_row := coalesce(after_row, before_row);
  -- A settings document is the record: its fields are what changed, and its kind says which document.
  IF TG_TABLE_NAME = 'shop_settings' THEN
    kind := 'settings.' || (any_row->>'kind');
    before_row := before_row->'value';
    after_row := after_row->'value';
  ELSE
    before_row := before_row - ignored;
    after_row := after_row - ignored;
  END IF;
  FOREACH secret IN ARRAY secret_columns LOOP
    IF before_row ? secret AND after_row ? secret AND before_row->secret IS DISTINCT FROM after_row->secret THEN
      before_row := jsonb_set(before_row, ARRAY[secret], '"[hidden]"');
      after_row := jsonb_set(after_row, ARRAY[secret], '"[hidden, replaced]"');
    ELSE
      IF before_row ? secret THEN before_row := jsonb_set(before_row, ARRAY[secret], '"[hidden]"'); END IF;
      IF after_row ? secret THEN after_row := jsonb_set(after_row, ARRAY[secret], '"[hidden]"'); END IF;
    END IF;
  END LOOP;
  IF TG_OP = 'UPDATE' AND before_row IS NOT DISTINCT FROM after_row THEN
    RETURN NULL;
  END IF;
  INSERT INTO audit_entries (shop_id, at, actor_user_id, actor_name, api_key_id, api_key_name, ip, user_agent, kind,
    action, record_id, before, after)
  VALUES (
    CASE WHEN shop_column = '' THEN NULL ELSE (any_row->>shop_column)::uuid END,
    coalesce((actor->>'at')::timestamptz, now()),
    (actor->>'userId')::uuid, actor->>'name', (actor->>'apiKeyId')::uuid, actor->>'apiKeyName',
    actor->>'ip', actor->>'userAgent', kind, lower(TG_OP),
    (SELECT string_agg(any_row->>c, '/') FROM unnest(id_columns) AS c),
    before_row, after_row);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON "shops"
  FOR EACH ROW EXECUTE FUNCTION audit_change('shop', 'id', 'id', '', 'search_text,created_at,updated_at,updated_by,submitted_at');--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON "shop_settings"
  FOR EACH ROW EXECUTE FUNCTION audit_change('settings', 'shop_id', 'kind', '', '');--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON "items"
  FOR EACH ROW EXECUTE FUNCTION audit_change('item', 'shop_id', 'id', '', 'shop_id,search_text,created_at,updated_at,updated_by,timed_choice_sold_out');--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON "promotions"
  FOR EACH ROW EXECUTE FUNCTION audit_change('coupon', 'shop_id', 'id', '', 'shop_id,created_at,updated_at');--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON "shop_closures"
  FOR EACH ROW EXECUTE FUNCTION audit_change('closure', 'shop_id', 'id', '', 'shop_id,created_at');--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON "shop_sellers"
  FOR EACH ROW EXECUTE FUNCTION audit_change('staff', 'shop_id', 'user_id', '', 'shop_id,created_at');--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON "invites"
  FOR EACH ROW EXECUTE FUNCTION audit_change('invitation', 'shop_id', 'id', 'token_hash', 'shop_id,created_at');--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON "api_keys"
  FOR EACH ROW EXECUTE FUNCTION audit_change('api_key', 'shop_id', 'id', 'key_hash', 'shop_id,created_at,last_used_at');--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON "refunds"
  FOR EACH ROW EXECUTE FUNCTION audit_change('refund', 'shop_id', 'id', '', 'shop_id,created_at,updated_at,idempotency_key');--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON "two_factor"
  FOR EACH ROW EXECUTE FUNCTION audit_change('two_factor', '', 'user_id', 'secret_sealed', 'created_at,last_step');--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON "platform_config"
  FOR EACH ROW EXECUTE FUNCTION audit_change('platform', '', 'key', '', 'updated_at');
--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON "webhook_endpoints"
  FOR EACH ROW EXECUTE FUNCTION audit_change('webhook', 'shop_id', 'id', 'secret_sealed,previous_secret_sealed', 'shop_id,created_at,created_by,cursor,failing_since');
