CREATE TABLE "retired_refresh_hashes" (
	"hash" text PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"retired_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "retired_refresh_hashes" ADD CONSTRAINT "retired_refresh_hashes_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "retired_refresh_hashes_session_id_index" ON "retired_refresh_hashes" USING btree ("session_id");--> statement-breakpoint
ALTER TABLE "sessions" DROP COLUMN "previous_hash";