ALTER TABLE "companies" ADD COLUMN "frozen" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "sales_user_id" uuid;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "reject_reason" varchar(256);--> statement-breakpoint
CREATE INDEX "companies_sales_user_idx" ON "companies" USING btree ("sales_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "companies_phone_uq" ON "companies" USING btree ("phone");--> statement-breakpoint
CREATE UNIQUE INDEX "companies_email_lower_uq" ON "companies" USING btree (lower("email"));