CREATE TABLE "loyalty_ledger" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loyalty_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"shop_id" uuid NOT NULL,
	"mobile" text NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"order_time" timestamp with time zone NOT NULL,
	"grand_total" integer NOT NULL,
	"amount" integer DEFAULT 0 NOT NULL,
	"share" integer,
	"stamp_ids" bigint[]
);
--> statement-breakpoint
ALTER TABLE "loyalty_ledger" ADD CONSTRAINT "loyalty_ledger_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loyalty_ledger_shop_id_mobile_id_index" ON "loyalty_ledger" USING btree ("shop_id","mobile","id");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_ledger_shop_id_order_id_kind_index" ON "loyalty_ledger" USING btree ("shop_id","order_id","kind");--> statement-breakpoint
CREATE INDEX "loyalty_ledger_shop_id_kind_at_index" ON "loyalty_ledger" USING btree ("shop_id","kind","at");