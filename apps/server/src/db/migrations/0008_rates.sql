CREATE TABLE "company_rate_groups" (
	"company_id" uuid NOT NULL,
	"kind" varchar(8) NOT NULL,
	"group_id" uuid NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_rate_groups_company_id_kind_pk" PRIMARY KEY("company_id","kind"),
	CONSTRAINT "company_rate_groups_kind_ck" CHECK (kind in ('sms', 'voice', 'nd'))
);
--> statement-breakpoint
CREATE TABLE "gateway_operator_prices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gateway" varchar(64) NOT NULL,
	"kind" varchar(8) DEFAULT 'sms' NOT NULL,
	"country_code" varchar(2) NOT NULL,
	"mcc" varchar(3),
	"mnc" varchar(3),
	"cost" numeric(18, 6) NOT NULL,
	"remark" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gateway_operator_prices_kind_ck" CHECK (kind in ('sms', 'voice', 'nd')),
	CONSTRAINT "gateway_operator_prices_cost_ck" CHECK ("gateway_operator_prices"."cost" >= 0),
	CONSTRAINT "gateway_operator_prices_mnc_ck" CHECK ("gateway_operator_prices"."mnc" is null or "gateway_operator_prices"."mcc" is not null)
);
--> statement-breakpoint
CREATE TABLE "operators" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"country_code" varchar(2) NOT NULL,
	"mcc" varchar(3) NOT NULL,
	"mnc" varchar(3) NOT NULL,
	"name" varchar(64) NOT NULL,
	"prefixes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(64) NOT NULL,
	"kind" varchar(8) NOT NULL,
	"owner_company_id" uuid,
	"remark" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rate_groups_kind_ck" CHECK (kind in ('sms', 'voice', 'nd'))
);
--> statement-breakpoint
CREATE TABLE "rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"country_code" varchar(2) NOT NULL,
	"sms_kind" varchar(16),
	"mcc" varchar(3),
	"mnc" varchar(3),
	"prefix" varchar(15),
	"price" numeric(18, 6) NOT NULL,
	"connection_fee" numeric(18, 6) DEFAULT 0 NOT NULL,
	"billing_initial" integer DEFAULT 1 NOT NULL,
	"billing_increment" integer DEFAULT 1 NOT NULL,
	"remark" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rates_sms_kind_ck" CHECK (sms_kind is null or sms_kind in ('marketing', 'notification', 'otp', 'premium_otp')),
	CONSTRAINT "rates_price_ck" CHECK ("rates"."price" >= 0 and "rates"."connection_fee" >= 0),
	CONSTRAINT "rates_billing_ck" CHECK ("rates"."billing_initial" between 1 and 3600 and "rates"."billing_increment" between 1 and 3600),
	CONSTRAINT "rates_narrow_ck" CHECK (not ("rates"."prefix" is not null and "rates"."mcc" is not null)),
	CONSTRAINT "rates_mnc_ck" CHECK ("rates"."mnc" is null or "rates"."mcc" is not null)
);
--> statement-breakpoint
ALTER TABLE "company_rate_groups" ADD CONSTRAINT "company_rate_groups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_rate_groups" ADD CONSTRAINT "company_rate_groups_group_id_rate_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."rate_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_groups" ADD CONSTRAINT "rate_groups_owner_company_id_companies_id_fk" FOREIGN KEY ("owner_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rates" ADD CONSTRAINT "rates_group_id_rate_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."rate_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_rate_groups_group_idx" ON "company_rate_groups" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_operator_prices_uq" ON "gateway_operator_prices" USING btree ("gateway","kind","country_code",coalesce("mcc", ''),coalesce("mnc", ''));--> statement-breakpoint
CREATE INDEX "gateway_operator_prices_country_idx" ON "gateway_operator_prices" USING btree ("country_code");--> statement-breakpoint
CREATE UNIQUE INDEX "operators_mcc_mnc_uq" ON "operators" USING btree ("mcc","mnc");--> statement-breakpoint
CREATE UNIQUE INDEX "rate_groups_owner_name_uq" ON "rate_groups" USING btree (coalesce("owner_company_id", '00000000-0000-0000-0000-000000000000'::uuid),lower("name"));--> statement-breakpoint
CREATE INDEX "rate_groups_owner_idx" ON "rate_groups" USING btree ("owner_company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rates_destination_uq" ON "rates" USING btree ("group_id","country_code",coalesce("sms_kind", ''),coalesce("mcc", ''),coalesce("mnc", ''),coalesce("prefix", ''));