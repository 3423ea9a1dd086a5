CREATE TABLE "user_avatars" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"mime" varchar(32) NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "operation_log" ADD COLUMN "before" jsonb;--> statement-breakpoint
ALTER TABLE "operation_log" ADD COLUMN "after" jsonb;--> statement-breakpoint
ALTER TABLE "user_avatars" ADD CONSTRAINT "user_avatars_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_avatars_user_idx" ON "user_avatars" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "login_log_username_id_idx" ON "login_log" USING btree ("username","id");--> statement-breakpoint
CREATE INDEX "operation_log_username_id_idx" ON "operation_log" USING btree ("username","id");