CREATE TABLE "payment_issues" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" varchar(16) NOT NULL,
	"event_id" varchar(128) NOT NULL,
	"event_type" varchar(64) NOT NULL,
	"order_id" uuid,
	"company_id" uuid,
	"amount" numeric(18, 6),
	"currency" varchar(8),
	"reason" varchar(24) NOT NULL,
	"detail" varchar(256),
	"state" varchar(12) DEFAULT 'open' NOT NULL,
	"amount_credited" numeric(18, 6),
	"resolved_by_username" varchar(64),
	"resolution_note" varchar(256),
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_issues_state_ck" CHECK (state in ('open', 'credited', 'dismissed')),
	CONSTRAINT "payment_issues_reason_ck" CHECK (reason in ('unknown_order', 'currency_mismatch', 'amount_mismatch', 'order_closed')),
	CONSTRAINT "payment_issues_provider_ck" CHECK (provider in ('stripe', 'nowpayments'))
);
--> statement-breakpoint
ALTER TABLE "payment_issues" ADD CONSTRAINT "payment_issues_order_id_top_up_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."top_up_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_issues" ADD CONSTRAINT "payment_issues_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_issues_event_uq" ON "payment_issues" USING btree ("provider","event_id");--> statement-breakpoint
CREATE INDEX "payment_issues_state_idx" ON "payment_issues" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "payment_issues_company_idx" ON "payment_issues" USING btree ("company_id","created_at");--> statement-breakpoint
-- Callback network errors are named for what happened, not for the "send test" (issue 20):
-- the codes stored by the test and by the delivery log follow the catalogue's new names.
UPDATE "api_callbacks" SET "last_test_error_code" = 'CALLBACK_' || substr("last_test_error_code", 15) WHERE "last_test_error_code" LIKE 'CALLBACK\_TEST\_%';--> statement-breakpoint
UPDATE "sms_callbacks" SET "last_error" = 'CALLBACK_' || substr("last_error", 15) WHERE "last_error" LIKE 'CALLBACK\_TEST\_%';
