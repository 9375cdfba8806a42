-- Open event streams end when their access does, on whichever process serves them: every change that can take a
-- user's access away notifies the user's id on 'stream_access' (sent at commit; repeats within a transaction are sent
-- once), and each process checks that user's streams again. Triggers, so the CLI, a script or a manual edit count
-- too. Deleting a user deletes their sessions and seller rows, whose triggers notify.
CREATE OR REPLACE FUNCTION notify_stream_access() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- TG_ARGV[0] names the column holding the user's id.
  PERFORM pg_notify('stream_access', to_jsonb(OLD) ->> TG_ARGV[0]);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Logout, password reset, a reused refresh token: revoked_at is set. A refresh only moves expires_at later.
CREATE TRIGGER sessions_stream_access_update AFTER UPDATE OF revoked_at, expires_at ON sessions FOR EACH ROW
  WHEN ((OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL) OR NEW.expires_at < OLD.expires_at)
  EXECUTE FUNCTION notify_stream_access('user_id');
--> statement-breakpoint
CREATE TRIGGER sessions_stream_access_delete AFTER DELETE ON sessions FOR EACH ROW
  EXECUTE FUNCTION notify_stream_access('user_id');
--> statement-breakpoint
-- Removed from a shop (or the shop deleted), or the seller row changed.
CREATE TRIGGER shop_sellers_stream_access AFTER UPDATE OR DELETE ON shop_sellers FOR EACH ROW
  EXECUTE FUNCTION notify_stream_access('user_id');
--> statement-breakpoint
-- A super admin demoted (they read every shop's stream), or an e-mail no longer verified.
CREATE TRIGGER users_stream_access AFTER UPDATE OF is_super_admin, email_verified_at ON users FOR EACH ROW
  WHEN ((OLD.is_super_admin AND NOT NEW.is_super_admin) OR (OLD.email_verified_at IS NOT NULL AND NEW.email_verified_at IS NULL))
  EXECUTE FUNCTION notify_stream_access('id');
