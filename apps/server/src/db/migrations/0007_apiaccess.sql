CREATE TABLE "api_callbacks" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"url" varchar(512),
	"signing_secret_sealed" text,
	"signing_secret_created_at" timestamp with time zone,
	"last_test_at" timestamp with time zone,
	"last_test_url" varchar(512),
	"last_test_status" integer,
	"last_test_duration_ms" integer,
	"last_test_error_code" varchar(64),
	"last_test_error_params" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_ip_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"rule" varchar(64) NOT NULL,
	"note" varchar(128),
	"created_by" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"api_key" varchar(64) NOT NULL,
	"label" varchar(64),
	"state" varchar(16) DEFAULT 'active' NOT NULL,
	"secret_sealed" text,
	"previous_secret_sealed" text,
	"previous_valid_until" timestamp with time zone,
	"created_by" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rotated_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"last_used_ip" varchar(64),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_keys_state_ck" CHECK (state in ('active', 'disabled', 'revoked')),
	CONSTRAINT "api_keys_secret_ck" CHECK (("api_keys"."state" = 'revoked') = ("api_keys"."secret_sealed" is null))
);
--> statement-breakpoint
CREATE TABLE "api_nonces" (
	"api_key_id" uuid NOT NULL,
	"nonce" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_nonces_api_key_id_nonce_pk" PRIMARY KEY("api_key_id","nonce")
);
--> statement-breakpoint
ALTER TABLE "api_callbacks" ADD CONSTRAINT "api_callbacks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_ip_rules" ADD CONSTRAINT "api_ip_rules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_nonces" ADD CONSTRAINT "api_nonces_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_ip_rules_company_rule_uq" ON "api_ip_rules" USING btree ("company_id","rule");--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_api_key_uq" ON "api_keys" USING btree ("api_key");--> statement-breakpoint
CREATE INDEX "api_keys_company_idx" ON "api_keys" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "api_nonces_created_idx" ON "api_nonces" USING btree ("created_at");