CREATE TABLE "voice_trunk_calls" (
	"call_id" varchar(128) PRIMARY KEY NOT NULL,
	"trunk_id" uuid NOT NULL,
	"lease_until" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voice_trunk_pacing" (
	"trunk_id" uuid PRIMARY KEY NOT NULL,
	"next_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "voice_trunk_calls" ADD CONSTRAINT "voice_trunk_calls_trunk_id_voice_trunks_id_fk" FOREIGN KEY ("trunk_id") REFERENCES "public"."voice_trunks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_trunk_pacing" ADD CONSTRAINT "voice_trunk_pacing_trunk_id_voice_trunks_id_fk" FOREIGN KEY ("trunk_id") REFERENCES "public"."voice_trunks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "voice_trunk_calls_trunk_idx" ON "voice_trunk_calls" USING btree ("trunk_id","lease_until");