CREATE TABLE "call_stats_daily" (
	"day" date NOT NULL,
	"company_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"trunk_id" varchar(64) NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	"answered" integer DEFAULT 0 NOT NULL,
	"busy" integer DEFAULT 0 NOT NULL,
	"no_answer" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"invalid_number" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"ring_ms" bigint DEFAULT 0 NOT NULL,
	"talk_ms" bigint DEFAULT 0 NOT NULL,
	"due" integer DEFAULT 0 NOT NULL,
	"charged" integer DEFAULT 0 NOT NULL,
	"billed_s" bigint DEFAULT 0 NOT NULL,
	"revenue" numeric(18, 6) DEFAULT 0 NOT NULL,
	"cost" numeric(18, 6) DEFAULT 0 NOT NULL,
	CONSTRAINT "call_stats_daily_pk" PRIMARY KEY("day","company_id","task_id","trunk_id")
);
--> statement-breakpoint
ALTER TABLE "voice_trunk_states" ADD COLUMN "fails" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "voice_trunk_states" ADD COLUMN "outage" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "call_stats_daily_company_idx" ON "call_stats_daily" USING btree ("company_id","day");--> statement-breakpoint
-- The calls recorded so far, counted by the rule of CallStatsRepo (call-task/stats-repo.ts).
INSERT INTO "call_stats_daily" ("day", "company_id", "task_id", "trunk_id", "calls", "answered", "busy", "no_answer", "rejected", "invalid_number", "failed", "ring_ms", "talk_ms", "due", "charged", "billed_s", "revenue", "cost")
SELECT (r.started_at at time zone 'UTC')::date, r.company_id, r.task_id, coalesce(r.trunk_id, ''),
  count(*)::int,
  count(*) filter (where r.result = 'answered')::int,
  count(*) filter (where r.result = 'busy')::int,
  count(*) filter (where r.result = 'no_answer')::int,
  count(*) filter (where r.result = 'rejected')::int,
  count(*) filter (where r.result = 'invalid_number')::int,
  count(*) filter (where r.result = 'failed')::int,
  coalesce(sum(r.ring_ms), 0)::bigint,
  coalesce(sum(r.talk_ms) filter (where r.result = 'answered'), 0)::bigint,
  count(*) filter (where r.charge_state = 'due')::int,
  count(*) filter (where r.charge_state = 'charged')::int,
  coalesce(sum(r.billed_s) filter (where r.charge_state = 'charged'), 0)::bigint,
  coalesce(sum(r.amount) filter (where r.charge_state = 'charged'), 0),
  coalesce(sum(coalesce(r.cost, 0)) filter (where r.charge_state = 'charged'), 0)
FROM "call_records" r
GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
-- Trunks down now were told so (the notice went out at their first failed check).
UPDATE "voice_trunk_states" SET "fails" = 1, "outage" = true WHERE "state" = 'unreachable';
