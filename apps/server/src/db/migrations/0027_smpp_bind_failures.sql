CREATE TABLE "smpp_bind_failures" (
	"scope" varchar(8) NOT NULL,
	"key" varchar(128) NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"lockouts" integer DEFAULT 0 NOT NULL,
	"notified_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "smpp_bind_failures_scope_key_pk" PRIMARY KEY("scope","key"),
	CONSTRAINT "smpp_bind_failures_scope_ck" CHECK (scope in ('pair', 'address', 'system'))
);
--> statement-breakpoint
CREATE INDEX "smpp_bind_failures_updated_idx" ON "smpp_bind_failures" USING btree ("updated_at");