CREATE TABLE "sms_senders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"sender_id" varchar(15) NOT NULL,
	"remark" varchar(255),
	"status" varchar(12) DEFAULT 'to_review' NOT NULL,
	"reject_reason" varchar(256),
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_senders_status_ck" CHECK (status in ('to_review', 'passed', 'failed')),
	CONSTRAINT "sms_senders_sender_ck" CHECK (sender_id ~ '^[A-Za-z0-9_]+$')
);
--> statement-breakpoint
CREATE TABLE "sms_template_policies" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"require_approved_templates" boolean DEFAULT false NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" varchar(64) NOT NULL,
	"kinds" text[] NOT NULL,
	"text" varchar(1000) NOT NULL,
	"status" varchar(12) DEFAULT 'to_review' NOT NULL,
	"reject_reason" varchar(256),
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_templates_status_ck" CHECK (status in ('to_review', 'passed', 'failed')),
	CONSTRAINT "sms_templates_kinds_ck" CHECK (cardinality(kinds) > 0 and kinds <@ array['marketing', 'notification', 'otp', 'premium_otp']::text[])
);
--> statement-breakpoint
ALTER TABLE "sms_senders" ADD CONSTRAINT "sms_senders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_template_policies" ADD CONSTRAINT "sms_template_policies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_templates" ADD CONSTRAINT "sms_templates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sms_senders_company_sender_uq" ON "sms_senders" USING btree ("company_id",lower("sender_id"));--> statement-breakpoint
CREATE UNIQUE INDEX "sms_templates_company_name_uq" ON "sms_templates" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "sms_templates_company_status_idx" ON "sms_templates" USING btree ("company_id","status");