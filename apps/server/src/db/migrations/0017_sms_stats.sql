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
CREATE INDEX "sms_stats_daily_country_idx" ON "sms_stats_daily" USING btree ("country_code","day");--> statement-breakpoint
-- Backfill: the messages already final when the roll-up arrives (the same rule as SmsStatsRepo).
INSERT INTO "sms_stats_daily" ("day", "company_id", "kind", "country_code", "gateway_id", "messages", "sent", "delivered", "undeliverable", "rejected", "expired", "timeout", "invalid_number", "arrears", "failed", "parts", "revenue", "cost")
SELECT (m.created_at AT TIME ZONE 'UTC')::date, m.company_id, m.kind, coalesce(m.country_code, ''),
  coalesce(m.gateway_id, '00000000-0000-0000-0000-000000000000'::uuid),
  count(*)::int, count(m.gateway_id)::int,
  count(*) FILTER (WHERE m.status = 'delivered')::int,
  count(*) FILTER (WHERE m.status = 'undeliverable')::int,
  count(*) FILTER (WHERE m.status = 'rejected')::int,
  count(*) FILTER (WHERE m.status = 'expired')::int,
  count(*) FILTER (WHERE m.status = 'timeout')::int,
  count(*) FILTER (WHERE m.status = 'invalid_number')::int,
  count(*) FILTER (WHERE m.status = 'arrears')::int,
  count(*) FILTER (WHERE m.status = 'failed')::int,
  coalesce(sum(m.parts), 0)::int,
  coalesce(sum(m.price) FILTER (WHERE NOT (m.status = 'failed' AND m.gateway_id IS NULL)), 0),
  coalesce(sum(coalesce(m.cost, 0)) FILTER (WHERE m.gateway_id IS NOT NULL), 0)
FROM "sms_messages" m
WHERE m.status IN ('delivered', 'undeliverable', 'rejected', 'expired', 'timeout', 'invalid_number', 'arrears', 'failed')
GROUP BY 1, 2, 3, 4, 5;
