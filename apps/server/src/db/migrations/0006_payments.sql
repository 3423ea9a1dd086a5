CREATE TABLE "payment_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" varchar(16) NOT NULL,
	"event_id" varchar(128) NOT NULL,
	"order_id" uuid,
	"type" varchar(64) NOT NULL,
	"outcome" varchar(16) NOT NULL,
	"detail" varchar(256),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"amount" numeric(18, 6) NOT NULL,
	"note" varchar(256),
	"state" varchar(16) DEFAULT 'pending' NOT NULL,
	"requested_by_user_id" uuid,
	"requested_by_username" varchar(64),
	"decided_by_username" varchar(64),
	"decision_reason" varchar(256),
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_state_ck" CHECK (state in ('pending', 'approved', 'rejected')),
	CONSTRAINT "payouts_amount_ck" CHECK ("payouts"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "top_up_order_transitions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"from_state" varchar(24),
	"to_state" varchar(24) NOT NULL,
	"source" varchar(16) NOT NULL,
	"detail" varchar(256),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "top_up_order_transitions_source_ck" CHECK (source in ('create', 'stripe', 'nowpayments', 'expiry', 'ledger', 'staff'))
);
--> statement-breakpoint
CREATE TABLE "top_up_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"created_by_user_id" uuid,
	"created_by_username" varchar(64),
	"method" varchar(8) NOT NULL,
	"provider" varchar(16) NOT NULL,
	"provider_reference" varchar(128),
	"checkout_url" text,
	"state" varchar(24) NOT NULL,
	"amount_requested" numeric(18, 6) NOT NULL,
	"amount_paid" numeric(18, 6) DEFAULT 0 NOT NULL,
	"amount_credited" numeric(18, 6) DEFAULT 0 NOT NULL,
	"currency" varchar(3) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "top_up_orders_state_ck" CHECK (state in ('pending_payment', 'paid', 'partially_paid', 'refunded', 'order_failed', 'expired', 'timed_out', 'chain_confirming', 'chain_confirmed', 'top_up_success', 'top_up_failure', 'finished')),
	CONSTRAINT "top_up_orders_method_ck" CHECK (method in ('card', 'crypto')),
	CONSTRAINT "top_up_orders_provider_ck" CHECK (provider in ('stripe', 'nowpayments')),
	CONSTRAINT "top_up_orders_amounts_ck" CHECK ("top_up_orders"."amount_requested" > 0 and "top_up_orders"."amount_paid" >= 0 and "top_up_orders"."amount_credited" >= 0)
);
--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "top_up_order_transitions" ADD CONSTRAINT "top_up_order_transitions_order_id_top_up_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."top_up_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "top_up_orders" ADD CONSTRAINT "top_up_orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_event_uq" ON "payment_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE INDEX "payment_events_order_idx" ON "payment_events" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payouts_company_idx" ON "payouts" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "payouts_created_idx" ON "payouts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "top_up_order_transitions_order_idx" ON "top_up_order_transitions" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "top_up_orders_company_idx" ON "top_up_orders" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "top_up_orders_created_idx" ON "top_up_orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "top_up_orders_expiry_idx" ON "top_up_orders" USING btree ("state","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "top_up_orders_provider_ref_uq" ON "top_up_orders" USING btree ("provider","provider_reference");