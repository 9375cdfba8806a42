CREATE TABLE "alert_preferences" (
	"shop_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"order_placed" boolean,
	"new_booking" boolean,
	"sound" text,
	"sound_on" boolean,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_preferences_shop_id_user_id_pk" PRIMARY KEY("shop_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"order_id" uuid,
	"booking_id" uuid,
	"kind" text NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "alert_preferences" ADD CONSTRAINT "alert_preferences_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_preferences" ADD CONSTRAINT "alert_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alerts_shop_id_created_at_id_index" ON "alerts" USING btree ("shop_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_order_once" ON "alerts" USING btree ("order_id","kind","to") WHERE "alerts"."order_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_booking_once" ON "alerts" USING btree ("booking_id","kind","to") WHERE "alerts"."booking_id" IS NOT NULL;
--> statement-breakpoint
-- The job queue (pg-boss 10, schema version 24), installed here so that a server starts without DDL and every test
-- database cloned from the migrated template already holds it. The server checks the version at start.
CREATE SCHEMA IF NOT EXISTS pgboss
  ;

    CREATE TYPE pgboss.job_state AS ENUM (
      'created',
      'retry',
      'active',
      'completed',
      'cancelled',
      'failed'
    )
  ;

    CREATE TABLE pgboss.version (
      version int primary key,
      maintained_on timestamp with time zone,
      cron_on timestamp with time zone,
      monitored_on timestamp with time zone
    )
  ;

    CREATE TABLE pgboss.queue (
      name text,
      policy text,
      retry_limit int,
      retry_delay int,
      retry_backoff bool,
      expire_seconds int,
      retention_minutes int,
      dead_letter text REFERENCES pgboss.queue (name),
      partition_name text,
      created_on timestamp with time zone not null default now(),
      updated_on timestamp with time zone not null default now(),
      PRIMARY KEY (name)
    )
  ;

    CREATE TABLE pgboss.schedule (
      name text REFERENCES pgboss.queue ON DELETE CASCADE,
      cron text not null,
      timezone text,
      data jsonb,
      options jsonb,
      created_on timestamp with time zone not null default now(),
      updated_on timestamp with time zone not null default now(),
      PRIMARY KEY (name)
    )
  ;

    CREATE TABLE pgboss.subscription (
      event text not null,
      name text not null REFERENCES pgboss.queue ON DELETE CASCADE,
      created_on timestamp with time zone not null default now(),
      updated_on timestamp with time zone not null default now(),
      PRIMARY KEY(event, name)
    )
  ;

    CREATE TABLE pgboss.job (
      id uuid not null default gen_random_uuid(),
      name text not null,
      priority integer not null default(0),
      data jsonb,
      state pgboss.job_state not null default('created'),
      retry_limit integer not null default(2),
      retry_count integer not null default(0),
      retry_delay integer not null default(0),
      retry_backoff boolean not null default false,
      start_after timestamp with time zone not null default now(),
      started_on timestamp with time zone,
      singleton_key text,
      singleton_on timestamp without time zone,
      expire_in interval not null default interval '15 minutes',
      created_on timestamp with time zone not null default now(),
      completed_on timestamp with time zone,
      keep_until timestamp with time zone NOT NULL default now() + interval '14 days',
      output jsonb,
      dead_letter text,
      policy text
    ) PARTITION BY LIST (name)
  ;
ALTER TABLE pgboss.job ADD PRIMARY KEY (name, id);
CREATE TABLE pgboss.archive (LIKE pgboss.job);
ALTER TABLE pgboss.archive ADD PRIMARY KEY (name, id);
ALTER TABLE pgboss.archive ADD archived_on timestamptz NOT NULL DEFAULT now();
CREATE INDEX archive_i1 ON pgboss.archive(archived_on);

    CREATE FUNCTION pgboss.create_queue(queue_name text, options json)
    RETURNS VOID AS
    $$
    DECLARE
      table_name varchar := 'j' || encode(sha224(queue_name::bytea), 'hex');
      queue_created_on timestamptz;
    BEGIN

      WITH q as (
      INSERT INTO pgboss.queue (
        name,
        policy,
        retry_limit,
        retry_delay,
        retry_backoff,
        expire_seconds,
        retention_minutes,
        dead_letter,
        partition_name
      )
      VALUES (
        queue_name,
        options->>'policy',
        (options->>'retryLimit')::int,
        (options->>'retryDelay')::int,
        (options->>'retryBackoff')::bool,
        (options->>'expireInSeconds')::int,
        (options->>'retentionMinutes')::int,
        options->>'deadLetter',
        table_name
      )
      ON CONFLICT DO NOTHING
      RETURNING created_on
      )
      SELECT created_on into queue_created_on from q;

      IF queue_created_on IS NULL THEN
        RETURN;
      END IF;

      EXECUTE format('CREATE TABLE pgboss.%I (LIKE pgboss.job INCLUDING DEFAULTS)', table_name);

      EXECUTE format('ALTER TABLE pgboss.%1$I ADD PRIMARY KEY (name, id)', table_name);
      EXECUTE format('ALTER TABLE pgboss.%1$I ADD CONSTRAINT q_fkey FOREIGN KEY (name) REFERENCES pgboss.queue (name) ON DELETE RESTRICT DEFERRABLE INITIALLY DEFERRED', table_name);
      EXECUTE format('ALTER TABLE pgboss.%1$I ADD CONSTRAINT dlq_fkey FOREIGN KEY (dead_letter) REFERENCES pgboss.queue (name) ON DELETE RESTRICT DEFERRABLE INITIALLY DEFERRED', table_name);
      EXECUTE format('CREATE UNIQUE INDEX %1$s_i1 ON pgboss.%1$I (name, COALESCE(singleton_key, '''')) WHERE state = ''created'' AND policy = ''short''', table_name);
      EXECUTE format('CREATE UNIQUE INDEX %1$s_i2 ON pgboss.%1$I (name, COALESCE(singleton_key, '''')) WHERE state = ''active'' AND policy = ''singleton''', table_name);
      EXECUTE format('CREATE UNIQUE INDEX %1$s_i3 ON pgboss.%1$I (name, state, COALESCE(singleton_key, '''')) WHERE state <= ''active'' AND policy = ''stately''', table_name);
      EXECUTE format('CREATE UNIQUE INDEX %1$s_i4 ON pgboss.%1$I (name, singleton_on, COALESCE(singleton_key, '''')) WHERE state <> ''cancelled'' AND singleton_on IS NOT NULL', table_name);
      EXECUTE format('CREATE INDEX %1$s_i5 ON pgboss.%1$I (name, start_after) INCLUDE (priority, created_on, id) WHERE state < ''active''', table_name);

      EXECUTE format('ALTER TABLE pgboss.%I ADD CONSTRAINT cjc CHECK (name=%L)', table_name, queue_name);
      EXECUTE format('ALTER TABLE pgboss.job ATTACH PARTITION pgboss.%I FOR VALUES IN (%L)', table_name, queue_name);
    END;
    $$
    LANGUAGE plpgsql;
  ;

    CREATE FUNCTION pgboss.delete_queue(queue_name text)
    RETURNS VOID AS
    $$
    DECLARE
      table_name varchar;
    BEGIN
      WITH deleted as (
        DELETE FROM pgboss.queue
        WHERE name = queue_name
        RETURNING partition_name
      )
      SELECT partition_name from deleted INTO table_name;

      EXECUTE format('DROP TABLE IF EXISTS pgboss.%I', table_name);
    END;
    $$
    LANGUAGE plpgsql;
  ;
INSERT INTO pgboss.version(version) VALUES ('24');
--> statement-breakpoint
SELECT pgboss.create_queue('dead-letters', '{"policy":"standard"}');
SELECT pgboss.create_queue('mail', '{"policy":"standard","retryLimit":8,"retryDelay":30,"retryBackoff":true,"deadLetter":"dead-letters"}');
SELECT pgboss.create_queue('alerts-fanout', '{"policy":"standard","retryLimit":8,"retryDelay":30,"retryBackoff":true,"deadLetter":"dead-letters"}');
SELECT pgboss.create_queue('alerts-mail', '{"policy":"standard","retryLimit":8,"retryDelay":30,"retryBackoff":true,"deadLetter":"dead-letters"}');
--> statement-breakpoint
-- Queues a job from inside a statement, with its queue's retry settings (what pg-boss's send does), so a change and the
-- job it causes commit together or not at all, whichever code path made the change.
CREATE FUNCTION servery_enqueue(queue_name text, payload jsonb, key text) RETURNS void LANGUAGE sql AS $$
  INSERT INTO pgboss.job (name, data, singleton_key, dead_letter, expire_in, keep_until, retry_limit, retry_delay, retry_backoff, policy)
  SELECT q.name, payload || jsonb_build_object('queue', q.name), key, q.dead_letter,
         COALESCE(q.expire_seconds, 900) * interval '1s',
         now() + COALESCE(q.retention_minutes * interval '1 minute', interval '14 days'),
         COALESCE(q.retry_limit, 2),
         CASE WHEN COALESCE(q.retry_backoff, false) THEN GREATEST(COALESCE(q.retry_delay, 0), 1) ELSE COALESCE(q.retry_delay, 0) END,
         COALESCE(q.retry_backoff, false), q.policy
    FROM pgboss.queue q WHERE q.name = queue_name
  ON CONFLICT DO NOTHING
$$;
--> statement-breakpoint
-- A new order or booking (status NEW) queues its alerts' fan-out in the statement that inserts it.
CREATE FUNCTION alerts_order_placed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.order_status_restaurant = 'NEW' THEN
    PERFORM servery_enqueue('alerts-fanout', jsonb_build_object('shopId', NEW.shop_id, 'orderId', NEW.id), 'order:' || NEW.id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_alerts AFTER INSERT ON orders FOR EACH ROW EXECUTE FUNCTION alerts_order_placed();
--> statement-breakpoint
CREATE FUNCTION alerts_booking_placed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'NEW' THEN
    PERFORM servery_enqueue('alerts-fanout', jsonb_build_object('shopId', NEW.shop_id, 'bookingId', NEW.id), 'booking:' || NEW.id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER bookings_alerts AFTER INSERT ON bookings FOR EACH ROW EXECUTE FUNCTION alerts_booking_placed();
--> statement-breakpoint
-- An alert row queues its mail when it is written QUEUED (new, or a failed one sent again).
CREATE FUNCTION alerts_queue_mail() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'QUEUED' AND (TG_OP = 'INSERT' OR OLD.status <> 'QUEUED') THEN
    PERFORM servery_enqueue('alerts-mail', jsonb_build_object('shopId', NEW.shop_id, 'alertId', NEW.id), NEW.id::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER alerts_mail AFTER INSERT OR UPDATE OF status ON alerts FOR EACH ROW EXECUTE FUNCTION alerts_queue_mail();
