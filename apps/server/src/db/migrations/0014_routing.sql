CREATE TABLE "sms_customer_gateways" (
	"company_id" uuid NOT NULL,
	"gateway_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_customer_gateways_company_id_gateway_id_pk" PRIMARY KEY("company_id","gateway_id")
);
--> statement-breakpoint
CREATE TABLE "sms_gateway_grants" (
	"company_id" uuid NOT NULL,
	"gateway_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_gateway_grants_company_id_gateway_id_pk" PRIMARY KEY("company_id","gateway_id")
);
--> statement-breakpoint
CREATE TABLE "sms_route_gateways" (
	"route_id" uuid NOT NULL,
	"gateway_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"weight" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "sms_route_gateways_route_id_gateway_id_pk" PRIMARY KEY("route_id","gateway_id"),
	CONSTRAINT "sms_route_gateways_weight_ck" CHECK ("sms_route_gateways"."weight" between 0 and 1000)
);
--> statement-breakpoint
CREATE TABLE "sms_routes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(64) NOT NULL,
	"company_id" uuid,
	"sms_kind" varchar(16),
	"country_code" varchar(2),
	"mcc" varchar(3),
	"mnc" varchar(3),
	"prefix" varchar(15),
	"start_minute" smallint,
	"end_minute" smallint,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 100 NOT NULL,
	"strategy" varchar(8) DEFAULT 'priority' NOT NULL,
	"remark" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_routes_kind_ck" CHECK (sms_kind is null or sms_kind in ('marketing', 'notification', 'otp', 'premium_otp')),
	CONSTRAINT "sms_routes_strategy_ck" CHECK (strategy in ('priority', 'weighted')),
	CONSTRAINT "sms_routes_mnc_ck" CHECK ("sms_routes"."mnc" is null or "sms_routes"."mcc" is not null),
	CONSTRAINT "sms_routes_window_ck" CHECK (("sms_routes"."start_minute" is null) = ("sms_routes"."end_minute" is null) and ("sms_routes"."start_minute" is null or ("sms_routes"."start_minute" between 0 and 1439 and "sms_routes"."end_minute" between 0 and 1439 and "sms_routes"."start_minute" <> "sms_routes"."end_minute")))
);
--> statement-breakpoint
ALTER TABLE "sms_customer_gateways" ADD CONSTRAINT "sms_customer_gateways_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_customer_gateways" ADD CONSTRAINT "sms_customer_gateways_gateway_id_sms_gateways_id_fk" FOREIGN KEY ("gateway_id") REFERENCES "public"."sms_gateways"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_gateway_grants" ADD CONSTRAINT "sms_gateway_grants_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_gateway_grants" ADD CONSTRAINT "sms_gateway_grants_gateway_id_sms_gateways_id_fk" FOREIGN KEY ("gateway_id") REFERENCES "public"."sms_gateways"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_route_gateways" ADD CONSTRAINT "sms_route_gateways_route_id_sms_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."sms_routes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_route_gateways" ADD CONSTRAINT "sms_route_gateways_gateway_id_sms_gateways_id_fk" FOREIGN KEY ("gateway_id") REFERENCES "public"."sms_gateways"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_routes" ADD CONSTRAINT "sms_routes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_customer_gateways_gw_idx" ON "sms_customer_gateways" USING btree ("gateway_id");--> statement-breakpoint
CREATE INDEX "sms_gateway_grants_gw_idx" ON "sms_gateway_grants" USING btree ("gateway_id");--> statement-breakpoint
CREATE INDEX "sms_route_gateways_gateway_idx" ON "sms_route_gateways" USING btree ("gateway_id");--> statement-breakpoint
CREATE INDEX "sms_routes_order_idx" ON "sms_routes" USING btree ("sort_order","created_at");--> statement-breakpoint
CREATE INDEX "sms_routes_company_idx" ON "sms_routes" USING btree ("company_id");