DROP INDEX "job_runs_running_idx";--> statement-breakpoint
CREATE INDEX "job_runs_running_idx" ON "job_runs" USING btree ("job_name","started_at") WHERE "job_runs"."status" = 'running';