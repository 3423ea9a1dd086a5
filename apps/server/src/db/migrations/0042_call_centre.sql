CREATE TABLE "call_list_numbers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"list_id" uuid NOT NULL,
	"number" varchar(20) NOT NULL,
	"position" integer NOT NULL,
	"name" varchar(64),
	"notes" varchar(500),
	"extra" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" varchar(14) DEFAULT 'not_called' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"redial_at" timestamp with time zone,
	"last_called_at" timestamp with time zone,
	"result_id" uuid,
	CONSTRAINT "call_list_numbers_state_ck" CHECK (state in ('not_called', 'calling', 'complete', 'waiting_redial'))
);
--> statement-breakpoint
CREATE TABLE "call_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" varchar(64) NOT NULL,
	"columns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"remark" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "call_results" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" varchar(64) NOT NULL,
	"redial" boolean DEFAULT false NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "call_results_sort_ck" CHECK ("call_results"."sort" between 0 and 100)
);
--> statement-breakpoint
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
CREATE TABLE "seat_group_members" (
	"group_id" uuid NOT NULL,
	"seat_id" uuid NOT NULL,
	CONSTRAINT "seat_group_members_group_id_seat_id_pk" PRIMARY KEY("group_id","seat_id")
);
--> statement-breakpoint
CREATE TABLE "seat_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" varchar(64) NOT NULL,
	"distribution" varchar(12) DEFAULT 'longest_idle' NOT NULL,
	"wrap_up_s" smallint DEFAULT 10 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seat_groups_distribution_ck" CHECK (distribution in ('longest_idle', 'round_robin')),
	CONSTRAINT "seat_groups_wrap_up_ck" CHECK ("seat_groups"."wrap_up_s" between 0 and 600)
);
--> statement-breakpoint
CREATE TABLE "seats" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"job_number" varchar(16) NOT NULL,
	"name" varchar(64) NOT NULL,
	"sip_username" varchar(64) NOT NULL,
	"sip_password" text NOT NULL,
	"user_id" uuid,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" varchar(255),
	"state" varchar(10) DEFAULT 'offline' NOT NULL,
	"state_since" timestamp with time zone DEFAULT now() NOT NULL,
	"contact" varchar(255),
	"contact_host" varchar(64),
	"contact_port" integer,
	"contact_transport" varchar(3),
	"register_call_id" varchar(255),
	"register_cseq" integer,
	"expires_at" timestamp with time zone,
	"user_agent" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seats_job_number_ck" CHECK ("seats"."job_number" ~ '^[0-9]{1,16}$'),
	CONSTRAINT "seats_state_ck" CHECK (state in ('offline', 'idle', 'ringing', 'on_call'))
);
--> statement-breakpoint
ALTER TABLE "call_list_numbers" ADD CONSTRAINT "call_list_numbers_list_id_call_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."call_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_list_numbers" ADD CONSTRAINT "call_list_numbers_result_id_call_results_id_fk" FOREIGN KEY ("result_id") REFERENCES "public"."call_results"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_lists" ADD CONSTRAINT "call_lists_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_results" ADD CONSTRAINT "call_results_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_tasks" ADD CONSTRAINT "outbound_tasks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_tasks" ADD CONSTRAINT "outbound_tasks_call_list_id_call_lists_id_fk" FOREIGN KEY ("call_list_id") REFERENCES "public"."call_lists"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_tasks" ADD CONSTRAINT "outbound_tasks_seat_group_id_seat_groups_id_fk" FOREIGN KEY ("seat_group_id") REFERENCES "public"."seat_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_group_members" ADD CONSTRAINT "seat_group_members_group_id_seat_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."seat_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_group_members" ADD CONSTRAINT "seat_group_members_seat_id_seats_id_fk" FOREIGN KEY ("seat_id") REFERENCES "public"."seats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_groups" ADD CONSTRAINT "seat_groups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seats" ADD CONSTRAINT "seats_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seats" ADD CONSTRAINT "seats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "call_list_numbers_list_number_uq" ON "call_list_numbers" USING btree ("list_id","number");--> statement-breakpoint
CREATE INDEX "call_list_numbers_list_state_idx" ON "call_list_numbers" USING btree ("list_id","state","position");--> statement-breakpoint
CREATE UNIQUE INDEX "call_lists_company_name_uq" ON "call_lists" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "call_results_company_name_uq" ON "call_results" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "outbound_tasks_call_list_uq" ON "outbound_tasks" USING btree ("call_list_id");--> statement-breakpoint
CREATE UNIQUE INDEX "outbound_tasks_company_name_uq" ON "outbound_tasks" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "outbound_tasks_seat_group_idx" ON "outbound_tasks" USING btree ("seat_group_id");--> statement-breakpoint
CREATE INDEX "seat_group_members_seat_idx" ON "seat_group_members" USING btree ("seat_id");--> statement-breakpoint
CREATE UNIQUE INDEX "seat_groups_company_name_uq" ON "seat_groups" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "seats_company_job_number_uq" ON "seats" USING btree ("company_id","job_number");--> statement-breakpoint
CREATE UNIQUE INDEX "seats_sip_username_uq" ON "seats" USING btree (lower("sip_username"));--> statement-breakpoint
CREATE INDEX "seats_expires_idx" ON "seats" USING btree ("expires_at");