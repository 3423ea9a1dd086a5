CREATE TABLE "sms_stats_daily" (
	"day" date NOT NULL,
	"company_id" uuid NOT NULL,
	"kind" varchar(16) NOT NULL,
	"country_code" varchar(2) NOT NULL,
	"gateway_id" uuid NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"undeliverable" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"expired" integer DEFAULT 0 NOT NULL,
	"timeout" integer DEFAULT 0 NOT NULL,
	"invalid_number" integer DEFAULT 0 NOT NULL,
	"arrears" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"parts" integer DEFAULT 0 NOT NULL,
	"revenue" numeric(18, 6) DEFAULT 0 NOT NULL,
	"cost" numeric(18, 6) DEFAULT 0 NOT NULL,
	CONSTRAINT "sms_stats_daily_pk" PRIMARY KEY("day","company_id","kind","country_code","gateway_id")
);
--> statement-breakpoint
CREATE INDEX "sms_stats_daily_company_idx" ON "sms_stats_daily" USING btree ("company_id","day");--> statement-breakpoint
CREATE INDEX "sms_stats_daily_country_idx" ON "sms_stats_daily" USING btree ("country_code","day");