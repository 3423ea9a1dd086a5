CREATE TABLE "outbound_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" varchar(64) NOT NULL,
	"call_list_id" uuid NOT NULL,
	"seat_group_id" uuid NOT NULL,
	"caller_group_id" uuid,
	"periods" jsonb NOT NULL,
	"time_zone" varchar(64) DEFAULT 'UTC' NOT NULL,
	"dial_ratio" smallint DEFAULT 1 NOT NULL,
	"max_attempts" smallint DEFAULT 3 NOT NULL,
	"redial_interval_s" integer DEFAULT 3600 NOT NULL,
	"state" varchar(12) DEFAULT 'not_started' NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"remark" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outbound_tasks_state_ck" CHECK (state in ('not_started', 'running', 'stopped', 'finished'))
);
--> statement-breakpoint
ALTER TABLE "outbound_tasks" ADD CONSTRAINT "outbound_tasks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_tasks" ADD CONSTRAINT "outbound_tasks_call_list_id_call_lists_id_fk" FOREIGN KEY ("call_list_id") REFERENCES "public"."call_lists"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_tasks" ADD CONSTRAINT "outbound_tasks_seat_group_id_seat_groups_id_fk" FOREIGN KEY ("seat_group_id") REFERENCES "public"."seat_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "outbound_tasks_call_list_uq" ON "outbound_tasks" USING btree ("call_list_id");--> statement-breakpoint
CREATE UNIQUE INDEX "outbound_tasks_company_name_uq" ON "outbound_tasks" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "outbound_tasks_seat_group_idx" ON "outbound_tasks" USING btree ("seat_group_id");