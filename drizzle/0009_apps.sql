CREATE TABLE "app_build_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"build_id" uuid NOT NULL,
	"status" text NOT NULL,
	"message" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_builds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bundle_id" text NOT NULL,
	"store" text NOT NULL,
	"status" text NOT NULL,
	"message" text,
	"artifact_url" text,
	"runner_token_id" uuid,
	"requested_by" uuid,
	"requested_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_devices" (
	"bundle_id" text NOT NULL,
	"device_id" text NOT NULL,
	"uid" text,
	"os" text NOT NULL,
	"manufacturer" text,
	"brand" text,
	"model" text,
	"carrier" text,
	"device_country" text,
	"timezone" text,
	"version" text,
	"build_number" text,
	"api_level" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "app_devices_bundle_id_device_id_pk" PRIMARY KEY("bundle_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "app_outlets" (
	"bundle_id" text NOT NULL,
	"shop_id" uuid NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "app_outlets_bundle_id_shop_id_pk" PRIMARY KEY("bundle_id","shop_id")
);
--> statement-breakpoint
CREATE TABLE "app_store_settings" (
	"bundle_id" text NOT NULL,
	"store" text NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secrets" text,
	"files" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_store_settings_bundle_id_store_pk" PRIMARY KEY("bundle_id","store")
);
--> statement-breakpoint
CREATE TABLE "build_runner_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "build_runner_tokens_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "whitelabel_apps" (
	"bundle_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"logo" jsonb NOT NULL,
	"remember_shop" boolean DEFAULT true NOT NULL,
	"multi_brand" boolean DEFAULT false NOT NULL,
	"enable_search" boolean DEFAULT false NOT NULL,
	"shop_select_page_title" text,
	"shop_select_page_subtitle" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app_build_events" ADD CONSTRAINT "app_build_events_build_id_app_builds_id_fk" FOREIGN KEY ("build_id") REFERENCES "public"."app_builds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_builds" ADD CONSTRAINT "app_builds_bundle_id_whitelabel_apps_bundle_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."whitelabel_apps"("bundle_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_builds" ADD CONSTRAINT "app_builds_runner_token_id_build_runner_tokens_id_fk" FOREIGN KEY ("runner_token_id") REFERENCES "public"."build_runner_tokens"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_builds" ADD CONSTRAINT "app_builds_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_devices" ADD CONSTRAINT "app_devices_bundle_id_whitelabel_apps_bundle_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."whitelabel_apps"("bundle_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_outlets" ADD CONSTRAINT "app_outlets_bundle_id_whitelabel_apps_bundle_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."whitelabel_apps"("bundle_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_outlets" ADD CONSTRAINT "app_outlets_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_store_settings" ADD CONSTRAINT "app_store_settings_bundle_id_whitelabel_apps_bundle_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."whitelabel_apps"("bundle_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "build_runner_tokens" ADD CONSTRAINT "build_runner_tokens_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_build_events_build_id_at_index" ON "app_build_events" USING btree ("build_id","at");--> statement-breakpoint
CREATE INDEX "app_builds_bundle_id_store_requested_at_index" ON "app_builds" USING btree ("bundle_id","store","requested_at");--> statement-breakpoint
CREATE INDEX "app_builds_requested" ON "app_builds" USING btree ("requested_at","id") WHERE "app_builds"."status" = 'REQUESTED';--> statement-breakpoint
CREATE INDEX "app_devices_bundle_id_os_index" ON "app_devices" USING btree ("bundle_id","os");--> statement-breakpoint
CREATE INDEX "app_devices_bundle_id_updated_at_device_id_index" ON "app_devices" USING btree ("bundle_id","updated_at","device_id");--> statement-breakpoint
CREATE INDEX "app_devices_bundle_id_created_at_index" ON "app_devices" USING btree ("bundle_id","created_at");--> statement-breakpoint
CREATE INDEX "app_outlets_shop_id_bundle_id_index" ON "app_outlets" USING btree ("shop_id","bundle_id");