CREATE TABLE "job_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job_name" varchar(64) NOT NULL,
	"slot" timestamp with time zone NOT NULL,
	"trigger" varchar(16) NOT NULL,
	"status" varchar(16) NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"duration_ms" integer,
	"result" jsonb,
	"error" text,
	"node" varchar(128) NOT NULL,
	CONSTRAINT "job_runs_trigger_ck" CHECK ("job_runs"."trigger" in ('schedule', 'manual')),
	CONSTRAINT "job_runs_status_ck" CHECK ("job_runs"."status" in ('running', 'ok', 'failed', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "scheduled_jobs" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"description" varchar(256) NOT NULL,
	"schedule" varchar(64) NOT NULL,
	"default_schedule" varchar(64) NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"last_run_at" timestamp with time zone,
	"last_status" varchar(16),
	"last_duration_ms" integer,
	"last_result" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduled_jobs_last_status_ck" CHECK ("scheduled_jobs"."last_status" is null or "scheduled_jobs"."last_status" in ('running', 'ok', 'failed', 'skipped'))
);
--> statement-breakpoint
-- Rows the new constraints would refuse, put right first (a database with data must migrate):
-- a parent that no longer exists becomes none; menu rows under a missing parent were unreachable
-- and go; an announcement's missing author becomes none; of addresses that differ only by case,
-- the oldest account keeps its address and the younger ones lose it (they can set another).
UPDATE "companies" SET "parent_company_id" = NULL WHERE "parent_company_id" IS NOT NULL AND "parent_company_id" NOT IN (SELECT "id" FROM "companies");--> statement-breakpoint
UPDATE "departments" SET "parent_id" = NULL WHERE "parent_id" IS NOT NULL AND "parent_id" NOT IN (SELECT "id" FROM "departments");--> statement-breakpoint
DELETE FROM "permissions" WHERE "id" NOT IN (
  WITH RECURSIVE reachable AS (
    SELECT "id" FROM "permissions" WHERE "parent_id" IS NULL
    UNION SELECT p."id" FROM "permissions" p JOIN reachable r ON p."parent_id" = r."id"
  ) SELECT "id" FROM reachable
);--> statement-breakpoint
UPDATE "announcements" SET "created_by" = NULL WHERE "created_by" IS NOT NULL AND "created_by" NOT IN (SELECT "id" FROM "users");--> statement-breakpoint
UPDATE "users" AS u SET "email" = NULL FROM (
  SELECT "id", row_number() OVER (PARTITION BY lower("email") ORDER BY "created_at", "id") AS n FROM "users" WHERE "email" IS NOT NULL
) AS d WHERE u."id" = d."id" AND d.n > 1;--> statement-breakpoint
DROP INDEX "users_email_uq";--> statement-breakpoint
ALTER TABLE "announcements" ALTER COLUMN "send_status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "announcements" ALTER COLUMN "send_status" SET DATA TYPE smallint USING "send_status"::smallint;--> statement-breakpoint
ALTER TABLE "announcements" ALTER COLUMN "send_status" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "data_rules" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "data_rules" ALTER COLUMN "status" SET DATA TYPE smallint USING "status"::smallint;--> statement-breakpoint
ALTER TABLE "data_rules" ALTER COLUMN "status" SET DEFAULT 1;--> statement-breakpoint
ALTER TABLE "dictionary_items" ALTER COLUMN "status" SET DATA TYPE smallint;--> statement-breakpoint
ALTER TABLE "dictionary_items" ALTER COLUMN "status" SET DEFAULT 1;--> statement-breakpoint
ALTER TABLE "permissions" ALTER COLUMN "menu_type" SET DATA TYPE smallint;--> statement-breakpoint
ALTER TABLE "permissions" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "permissions" ALTER COLUMN "status" SET DATA TYPE smallint USING "status"::smallint;--> statement-breakpoint
ALTER TABLE "permissions" ALTER COLUMN "status" SET DEFAULT 1;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "status" SET DATA TYPE smallint;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "status" SET DEFAULT 1;--> statement-breakpoint
ALTER TABLE "permissions" ADD COLUMN "seeded" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "job_runs_slot_uq" ON "job_runs" USING btree ("job_name","slot") WHERE "job_runs"."trigger" = 'schedule';--> statement-breakpoint
CREATE INDEX "job_runs_job_idx" ON "job_runs" USING btree ("job_name","started_at");--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_parent_company_id_companies_id_fk" FOREIGN KEY ("parent_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_parent_id_departments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permissions" ADD CONSTRAINT "permissions_parent_id_permissions_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."permissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_log_created_idx" ON "login_log" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_uq" ON "users" USING btree (lower("email"));--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_priority_ck" CHECK (priority in ('L', 'M', 'H'));--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_msg_category_ck" CHECK (msg_category in ('1', '2'));--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_msg_type_ck" CHECK (msg_type in ('ALL', 'USER', 'ROLE'));--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_open_type_ck" CHECK (open_type in ('0', '1', '2'));--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_send_status_ck" CHECK (send_status in (0, 1, 2));--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_type_ck" CHECK (type in ('direct', 'two-way', 'agent'));--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_approval_status_ck" CHECK (approval_status in ('unapproved', 'waiting', 'approved', 'failed'));--> statement-breakpoint
ALTER TABLE "data_rules" ADD CONSTRAINT "data_rules_condition_ck" CHECK (rule_condition in ('=', '!=', 'in', 'like', 'scope'));--> statement-breakpoint
ALTER TABLE "data_rules" ADD CONSTRAINT "data_rules_status_ck" CHECK (status in (0, 1));--> statement-breakpoint
ALTER TABLE "dictionary_items" ADD CONSTRAINT "dictionary_items_status_ck" CHECK (status in (0, 1));--> statement-breakpoint
ALTER TABLE "login_log" ADD CONSTRAINT "login_log_method_ck" CHECK (method in ('password', 'cas', 'passwordChange'));--> statement-breakpoint
ALTER TABLE "permissions" ADD CONSTRAINT "permissions_menu_type_ck" CHECK (menu_type in (0, 1, 2));--> statement-breakpoint
ALTER TABLE "permissions" ADD CONSTRAINT "permissions_perms_type_ck" CHECK (perms_type in ('1', '2'));--> statement-breakpoint
ALTER TABLE "permissions" ADD CONSTRAINT "permissions_status_ck" CHECK (status in (0, 1));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_status_ck" CHECK (status in (1, 2));