CREATE TABLE "sms_gateway_binds" (
	"gateway_id" uuid NOT NULL,
	"slot" smallint NOT NULL,
	"state" varchar(12) NOT NULL,
	"last_error" varchar(500),
	"since" timestamp with time zone NOT NULL,
	"owner" varchar(128) NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sms_gateway_binds_gateway_id_slot_pk" PRIMARY KEY("gateway_id","slot")
);
--> statement-breakpoint
ALTER TABLE "sms_gateways" ADD COLUMN "submit_id_format" varchar(8) DEFAULT 'hex' NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_gateway_binds" ADD CONSTRAINT "sms_gateway_binds_gateway_id_sms_gateways_id_fk" FOREIGN KEY ("gateway_id") REFERENCES "public"."sms_gateways"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_gateways" ADD CONSTRAINT "sms_gateways_submit_id_ck" CHECK ("sms_gateways"."submit_id_format" in ('hex', 'decimal'));