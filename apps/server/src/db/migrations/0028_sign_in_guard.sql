CREATE TABLE "login_throttle" (
	"key" varchar(200) PRIMARY KEY NOT NULL,
	"attempts" integer NOT NULL,
	"allowed" integer NOT NULL,
	"locks" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "login_log" DROP CONSTRAINT "login_log_method_ck";--> statement-breakpoint
CREATE INDEX "login_throttle_last_idx" ON "login_throttle" USING btree ("last_at");--> statement-breakpoint
ALTER TABLE "login_log" ADD CONSTRAINT "login_log_method_ck" CHECK (method in ('password', 'cas', 'passwordChange', 'smsCode', 'passwordReset', 'googleAuthUnbind'));