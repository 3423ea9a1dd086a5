CREATE TABLE "sms_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"phone" varchar(32) NOT NULL,
	"purpose" varchar(8) NOT NULL,
	"user_id" uuid,
	"code_hash" varchar(64),
	"ip" varchar(64) NOT NULL,
	"message_id" uuid,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sms_test_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" uuid,
	"username" varchar(64),
	"gateway_id" uuid NOT NULL,
	"to_number" varchar(32) NOT NULL,
	"text" text NOT NULL,
	"message_id" uuid,
	"reason" varchar(64)
);
--> statement-breakpoint
ALTER TABLE "login_log" DROP CONSTRAINT "login_log_method_ck";--> statement-breakpoint
ALTER TABLE "sms_codes" ADD CONSTRAINT "sms_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_codes_phone_idx" ON "sms_codes" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "sms_codes_ip_idx" ON "sms_codes" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "sms_test_records_created_idx" ON "sms_test_records" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "login_log" ADD CONSTRAINT "login_log_method_ck" CHECK (method in ('password', 'cas', 'passwordChange', 'smsCode', 'passwordReset'));