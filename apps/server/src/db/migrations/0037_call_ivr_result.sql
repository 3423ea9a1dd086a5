ALTER TABLE "call_records" ADD COLUMN "ivr_result" varchar(32) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "call_task_numbers" ADD COLUMN "ivr_result" varchar(32) DEFAULT '' NOT NULL;