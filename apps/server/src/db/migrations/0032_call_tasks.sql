CREATE TABLE "call_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL,
	"number_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"to_number" varchar(32) NOT NULL,
	"caller_id" varchar(32),
	"trunk_id" varchar(64),
	"result" varchar(16) NOT NULL,
	"sip_code" integer,
	"started_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"ended_at" timestamp with time zone NOT NULL,
	"ring_ms" integer DEFAULT 0 NOT NULL,
	"talk_ms" integer DEFAULT 0 NOT NULL,
	"billed_s" integer DEFAULT 0 NOT NULL,
	"keys" varchar(64) DEFAULT '' NOT NULL,
	"amount" numeric(18, 6) DEFAULT 0 NOT NULL,
	"cost" numeric(18, 6),
	"charge_state" varchar(8) DEFAULT 'none' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "call_records_result_ck" CHECK (result in ('answered', 'busy', 'no_answer', 'rejected', 'invalid_number', 'failed')),
	CONSTRAINT "call_records_charge_ck" CHECK (charge_state in ('none', 'due', 'charged'))
);
--> statement-breakpoint
CREATE TABLE "call_task_numbers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"number" varchar(32) NOT NULL,
	"state" varchar(10) DEFAULT 'pending' NOT NULL,
	"result" varchar(16),
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"dialled_at" timestamp with time zone,
	"ring_ms" integer DEFAULT 0 NOT NULL,
	"talk_ms" integer DEFAULT 0 NOT NULL,
	"keys" varchar(64) DEFAULT '' NOT NULL,
	"amount" numeric(18, 6) DEFAULT 0 NOT NULL,
	"sms_state" varchar(8),
	"called_at" timestamp with time zone,
	CONSTRAINT "call_task_numbers_state_ck" CHECK (state in ('pending', 'dialling', 'done')),
	CONSTRAINT "call_task_numbers_result_ck" CHECK (result is null or result in ('answered', 'busy', 'no_answer', 'rejected', 'invalid_number', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "call_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" varchar(64) NOT NULL,
	"state" varchar(16) DEFAULT 'waiting_submit' NOT NULL,
	"pause_reason" varchar(24),
	"ivr_flow_id" uuid NOT NULL,
	"caller_group_id" uuid,
	"caller_ids" text[] DEFAULT '{}' NOT NULL,
	"trunk_id" uuid,
	"route_id" uuid,
	"call_ratio" integer NOT NULL,
	"periods" jsonb NOT NULL,
	"time_zone" varchar(64) DEFAULT 'UTC' NOT NULL,
	"ttl_s" integer NOT NULL,
	"hangup_sms" jsonb,
	"amount" numeric(18, 6) DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "call_tasks_state_ck" CHECK (state in ('waiting_submit', 'submitting', 'calling', 'success', 'cancelled', 'paused', 'running')),
	CONSTRAINT "call_tasks_pause_reason_ck" CHECK (pause_reason is null or pause_reason in ('user', 'BALANCE_INSUFFICIENT')),
	CONSTRAINT "call_tasks_ratio_ck" CHECK (call_ratio > 0),
	CONSTRAINT "call_tasks_ttl_ck" CHECK (ttl_s between 60 and 600)
);
--> statement-breakpoint
ALTER TABLE "call_task_numbers" ADD CONSTRAINT "call_task_numbers_task_id_call_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."call_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_tasks" ADD CONSTRAINT "call_tasks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_records_company_idx" ON "call_records" USING btree ("company_id","started_at");--> statement-breakpoint
CREATE INDEX "call_records_task_idx" ON "call_records" USING btree ("task_id","started_at");--> statement-breakpoint
CREATE INDEX "call_records_due_idx" ON "call_records" USING btree ("created_at") WHERE charge_state = 'due';--> statement-breakpoint
CREATE INDEX "call_task_numbers_task_idx" ON "call_task_numbers" USING btree ("task_id","state");--> statement-breakpoint
CREATE INDEX "call_task_numbers_sms_idx" ON "call_task_numbers" USING btree ("task_id") WHERE sms_state = 'due';--> statement-breakpoint
CREATE INDEX "call_tasks_company_idx" ON "call_tasks" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "call_tasks_live_idx" ON "call_tasks" USING btree ("state") WHERE state in ('submitting', 'running', 'calling', 'paused');