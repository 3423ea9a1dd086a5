CREATE TABLE "ivr_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" varchar(64) NOT NULL,
	"source" varchar(8) NOT NULL,
	"language" varchar(4) NOT NULL,
	"text" varchar(800),
	"original_name" varchar(255),
	"duration_ms" integer NOT NULL,
	"audio" "bytea" NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ivr_files_name_ck" CHECK (name ~ '^[A-Za-z0-9_]+$'),
	CONSTRAINT "ivr_files_source_ck" CHECK (source in ('upload', 'tts')),
	CONSTRAINT "ivr_files_language_ck" CHECK (language in ('en', 'zh'))
);
--> statement-breakpoint
CREATE TABLE "ivr_flows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" varchar(64) NOT NULL,
	"remark" varchar(255),
	"nodes" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ivr_tts_cache" (
	"hash" varchar(64) PRIMARY KEY NOT NULL,
	"language" varchar(4) NOT NULL,
	"duration_ms" integer NOT NULL,
	"audio" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ivr_files" ADD CONSTRAINT "ivr_files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ivr_flows" ADD CONSTRAINT "ivr_flows_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ivr_files_company_name_uq" ON "ivr_files" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "ivr_files_company_created_idx" ON "ivr_files" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ivr_flows_company_name_uq" ON "ivr_flows" USING btree ("company_id",lower("name"));