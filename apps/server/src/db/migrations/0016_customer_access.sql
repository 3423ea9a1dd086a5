CREATE TABLE "smpp_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"system_id" varchar(16) NOT NULL,
	"password_sealed" text NOT NULL,
	"company_id" uuid NOT NULL,
	"kind" varchar(16) DEFAULT 'notification' NOT NULL,
	"allowed_addresses" text[] DEFAULT '{}'::text[] NOT NULL,
	"tps_limit" integer DEFAULT 100 NOT NULL,
	"max_binds" integer DEFAULT 2 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" varchar(255),
	"created_by" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "smpp_accounts_kind_ck" CHECK (kind in ('marketing', 'notification', 'otp', 'premium_otp')),
	CONSTRAINT "smpp_accounts_tps_ck" CHECK ("smpp_accounts"."tps_limit" > 0 and "smpp_accounts"."max_binds" > 0)
);
--> statement-breakpoint
CREATE TABLE "smpp_messages" (
	"smpp_id" varchar(64) PRIMARY KEY NOT NULL,
	"message_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"source_addr" varchar(21) DEFAULT '' NOT NULL,
	"dest_addr" varchar(21) NOT NULL,
	"registered_delivery" smallint DEFAULT 0 NOT NULL,
	"excerpt" varchar(20) DEFAULT '' NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"status" varchar(16),
	"error_code" varchar(64),
	"done_at" timestamp with time zone,
	"receipt_state" varchar(8) DEFAULT 'none' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_sent_at" timestamp with time zone,
	"acked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "smpp_messages_receipt_ck" CHECK (receipt_state in ('none', 'due', 'sent', 'acked'))
);
--> statement-breakpoint
CREATE TABLE "sms_api_idempotency" (
	"company_id" uuid NOT NULL,
	"key" varchar(128) NOT NULL,
	"request_hash" varchar(64) NOT NULL,
	"status" integer,
	"response" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_api_idempotency_pk" PRIMARY KEY("company_id","key")
);
--> statement-breakpoint
ALTER TABLE "smpp_accounts" ADD CONSTRAINT "smpp_accounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smpp_messages" ADD CONSTRAINT "smpp_messages_account_id_smpp_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."smpp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_api_idempotency" ADD CONSTRAINT "sms_api_idempotency_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "smpp_accounts_system_id_uq" ON "smpp_accounts" USING btree ("system_id");--> statement-breakpoint
CREATE INDEX "smpp_accounts_company_idx" ON "smpp_accounts" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "smpp_messages_message_uq" ON "smpp_messages" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "smpp_messages_due_idx" ON "smpp_messages" USING btree ("account_id","done_at") WHERE receipt_state in ('due', 'sent');--> statement-breakpoint
CREATE INDEX "smpp_messages_created_idx" ON "smpp_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sms_api_idempotency_created_idx" ON "sms_api_idempotency" USING btree ("created_at");