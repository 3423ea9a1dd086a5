CREATE TABLE "announcement_reads" (
	"announcement_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "announcement_reads_announcement_id_user_id_pk" PRIMARY KEY("announcement_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" varchar(200) NOT NULL,
	"msg_content" text NOT NULL,
	"sender" varchar(64) NOT NULL,
	"priority" varchar(1) DEFAULT 'L' NOT NULL,
	"msg_category" varchar(1) DEFAULT '1' NOT NULL,
	"msg_type" varchar(8) DEFAULT 'ALL' NOT NULL,
	"user_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"role_codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"open_type" varchar(1) DEFAULT '0' NOT NULL,
	"send_status" varchar(1) DEFAULT '0' NOT NULL,
	"send_time" timestamp with time zone,
	"revoke_time" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "announcement_reads" ADD CONSTRAINT "announcement_reads_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_reads" ADD CONSTRAINT "announcement_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcements_status_idx" ON "announcements" USING btree ("send_status","send_time");