CREATE TABLE "voice_cli_tests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid,
	"trunk_id" uuid NOT NULL,
	"trunk_name" varchar(64) NOT NULL,
	"to_number" varchar(40) NOT NULL,
	"caller_id" varchar(33) NOT NULL,
	"sent_caller_id" varchar(64),
	"keys" varchar(16) DEFAULT '' NOT NULL,
	"hold_s" integer NOT NULL,
	"state" varchar(8) DEFAULT 'queued' NOT NULL,
	"lease_until" timestamp with time zone,
	"result" varchar(16),
	"sip_code" integer,
	"error" varchar(256),
	"ring_ms" integer,
	"talk_ms" integer,
	"ladder" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"media" jsonb,
	"callee" jsonb,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "voice_cli_tests_state_ck" CHECK (state in ('queued', 'running', 'done')),
	CONSTRAINT "voice_cli_tests_result_ck" CHECK (result is null or result in ('answered', 'busy', 'no_answer', 'rejected', 'invalid_number', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "voice_status_check_numbers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"check_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"number" varchar(32) NOT NULL,
	"state" varchar(10) DEFAULT 'pending' NOT NULL,
	"status" varchar(12),
	"sip_code" integer,
	"ms" integer,
	"error" varchar(32),
	"trunk_id" uuid,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"amount" numeric(18, 6) DEFAULT 0 NOT NULL,
	"checked_at" timestamp with time zone,
	CONSTRAINT "voice_status_check_numbers_state_ck" CHECK (state in ('pending', 'checking', 'done', 'skipped')),
	CONSTRAINT "voice_status_check_numbers_status_ck" CHECK (status is null or status in ('reachable', 'busy', 'unavailable', 'vacant', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "voice_status_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" varchar(64) NOT NULL,
	"state" varchar(10) DEFAULT 'running' NOT NULL,
	"stop_reason" varchar(24),
	"amount" numeric(18, 6) DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "voice_status_checks_state_ck" CHECK (state in ('running', 'done', 'stopped')),
	CONSTRAINT "voice_status_checks_stop_ck" CHECK (stop_reason is null or stop_reason in ('user', 'BALANCE_INSUFFICIENT'))
);
--> statement-breakpoint
ALTER TABLE "voice_status_check_numbers" ADD CONSTRAINT "voice_status_check_numbers_check_id_voice_status_checks_id_fk" FOREIGN KEY ("check_id") REFERENCES "public"."voice_status_checks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_status_checks" ADD CONSTRAINT "voice_status_checks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "voice_cli_tests_created_idx" ON "voice_cli_tests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "voice_cli_tests_queued_idx" ON "voice_cli_tests" USING btree ("created_at") WHERE state <> 'done';--> statement-breakpoint
CREATE INDEX "voice_status_check_numbers_check_idx" ON "voice_status_check_numbers" USING btree ("check_id","state");--> statement-breakpoint
CREATE INDEX "voice_status_checks_company_idx" ON "voice_status_checks" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "voice_status_checks_live_idx" ON "voice_status_checks" USING btree ("state") WHERE state = 'running';