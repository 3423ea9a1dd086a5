CREATE TABLE "sms_batches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid,
	"kind" varchar(16) NOT NULL,
	"source" varchar(8) NOT NULL,
	"sender" varchar(16),
	"text" text NOT NULL,
	"template_id" uuid,
	"total" integer NOT NULL,
	"amount" numeric(18, 6) DEFAULT 0 NOT NULL,
	"state" varchar(12) NOT NULL,
	"scheduled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_batches_state_ck" CHECK (state in ('scheduled', 'cancelled', 'dispatching', 'done')),
	CONSTRAINT "sms_batches_kind_ck" CHECK (kind in ('marketing', 'notification', 'otp', 'premium_otp')),
	CONSTRAINT "sms_batches_source_ck" CHECK (source in ('console', 'api', 'smpp', 'system'))
);
--> statement-breakpoint
CREATE TABLE "sms_callbacks" (
	"message_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"body" text NOT NULL,
	"state" varchar(10) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_status" integer,
	"last_error" varchar(64),
	"log" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_callbacks_state_ck" CHECK (state in ('pending', 'delivered', 'failed', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "sms_message_parts" (
	"message_id" uuid NOT NULL,
	"message_created_at" timestamp with time zone NOT NULL,
	"part_no" smallint NOT NULL,
	"gateway_id" uuid NOT NULL,
	"upstream_id" varchar(64) NOT NULL,
	"status" varchar(16),
	"error_code" varchar(64),
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_message_parts_pk" PRIMARY KEY("message_id","part_no")
);
--> statement-breakpoint
CREATE TABLE "sms_messages" (
	"id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"company_id" uuid NOT NULL,
	"batch_id" uuid,
	"kind" varchar(16) NOT NULL,
	"source" varchar(8) NOT NULL,
	"to_number" varchar(32) NOT NULL,
	"country_code" varchar(2),
	"mcc" varchar(3),
	"mnc" varchar(3),
	"sender" varchar(16),
	"text" text NOT NULL,
	"parts" smallint NOT NULL,
	"encoding" varchar(4) NOT NULL,
	"price" numeric(18, 6) DEFAULT 0 NOT NULL,
	"cost" numeric(18, 6),
	"route_id" uuid,
	"route_name" varchar(128),
	"gateway_ids" uuid[],
	"gateway_id" uuid,
	"status" varchar(16) NOT NULL,
	"error_code" varchar(64),
	"client_ref" varchar(64),
	"priority" smallint DEFAULT 0 NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"queued_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"done_at" timestamp with time zone,
	"callback_state" varchar(8) DEFAULT 'none' NOT NULL,
	CONSTRAINT "sms_messages_pk" PRIMARY KEY("id","created_at"),
	CONSTRAINT "sms_messages_status_ck" CHECK (status in ('accepted', 'queued', 'sent', 'delivered', 'undeliverable', 'rejected', 'expired', 'timeout', 'invalid_number', 'arrears', 'failed')),
	CONSTRAINT "sms_messages_kind_ck" CHECK (kind in ('marketing', 'notification', 'otp', 'premium_otp')),
	CONSTRAINT "sms_messages_source_ck" CHECK (source in ('console', 'api', 'smpp', 'system')),
	CONSTRAINT "sms_messages_callback_ck" CHECK (callback_state in ('none', 'pending', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "sms_receipts_pending" (
	"gateway_id" uuid NOT NULL,
	"upstream_id" varchar(64) NOT NULL,
	"status" varchar(16) NOT NULL,
	"error_code" varchar(64),
	"done_at" timestamp with time zone NOT NULL,
	"raw" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_receipts_pending_pk" PRIMARY KEY("gateway_id","upstream_id")
);
--> statement-breakpoint
CREATE INDEX "sms_batches_company_idx" ON "sms_batches" USING btree ("company_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "sms_batches_created_idx" ON "sms_batches" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sms_callbacks_due_idx" ON "sms_callbacks" USING btree ("next_at") WHERE state = 'pending';--> statement-breakpoint
CREATE INDEX "sms_callbacks_company_idx" ON "sms_callbacks" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_message_parts_upstream_uq" ON "sms_message_parts" USING btree ("gateway_id","upstream_id");--> statement-breakpoint
CREATE INDEX "sms_messages_due_idx" ON "sms_messages" USING btree ("priority" DESC NULLS LAST,"next_attempt_at","created_at") WHERE status = 'accepted';--> statement-breakpoint
CREATE INDEX "sms_messages_sent_idx" ON "sms_messages" USING btree ("valid_until","created_at") WHERE status = 'sent';--> statement-breakpoint
CREATE INDEX "sms_messages_queued_idx" ON "sms_messages" USING btree ("queued_at","created_at") WHERE status = 'queued';--> statement-breakpoint
CREATE INDEX "sms_messages_company_idx" ON "sms_messages" USING btree ("company_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "sms_messages_kind_idx" ON "sms_messages" USING btree ("kind","created_at");--> statement-breakpoint
CREATE INDEX "sms_messages_batch_idx" ON "sms_messages" USING btree ("batch_id","created_at");--> statement-breakpoint
CREATE INDEX "sms_receipts_pending_received_idx" ON "sms_receipts_pending" USING btree ("received_at");