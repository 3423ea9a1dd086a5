ALTER TABLE "call_records" ADD COLUMN "transfer_to" varchar(32);--> statement-breakpoint
ALTER TABLE "call_records" ADD COLUMN "transfer_result" varchar(16);--> statement-breakpoint
ALTER TABLE "call_records" ADD COLUMN "transfer_sip_code" integer;--> statement-breakpoint
ALTER TABLE "call_records" ADD COLUMN "transfer_trunk_id" varchar(64);--> statement-breakpoint
ALTER TABLE "call_records" ADD COLUMN "transfer_caller_id" varchar(32);--> statement-breakpoint
ALTER TABLE "call_records" ADD COLUMN "transfer_ring_ms" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "call_records" ADD COLUMN "transfer_talk_ms" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "call_records" ADD COLUMN "transfer_billed_s" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "call_records" ADD COLUMN "transfer_amount" numeric(18, 6) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "voice_trunks" ADD COLUMN "tls_verify" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "call_records" ADD CONSTRAINT "call_records_transfer_result_ck" CHECK (transfer_result is null or transfer_result in ('answered', 'busy', 'no_answer', 'rejected', 'invalid_number', 'failed'));