CREATE TABLE "voice_caller_group_members" (
	"group_id" uuid NOT NULL,
	"caller_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "voice_caller_group_members_group_id_caller_id_pk" PRIMARY KEY("group_id","caller_id")
);
--> statement-breakpoint
CREATE TABLE "voice_caller_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" varchar(64) NOT NULL,
	"rotation" varchar(12) DEFAULT 'round_robin' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voice_caller_groups_rotation_ck" CHECK (rotation in ('round_robin', 'random'))
);
--> statement-breakpoint
CREATE TABLE "voice_caller_ids" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"number" varchar(20) NOT NULL,
	"country_code" varchar(2),
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voice_caller_ids_number_ck" CHECK ("voice_caller_ids"."number" ~ '^[0-9]{3,20}$')
);
--> statement-breakpoint
CREATE TABLE "voice_caller_rotations" (
	"key" varchar(200) PRIMARY KEY NOT NULL,
	"position" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voice_route_trunks" (
	"route_id" uuid NOT NULL,
	"trunk_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "voice_route_trunks_route_id_trunk_id_pk" PRIMARY KEY("route_id","trunk_id")
);
--> statement-breakpoint
CREATE TABLE "voice_routes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(64) NOT NULL,
	"company_id" uuid,
	"country_code" varchar(2),
	"prefix" varchar(15),
	"enabled" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 100 NOT NULL,
	"remark" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voice_sip_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" varchar(64) NOT NULL,
	"password" varchar(512) NOT NULL,
	"realm" varchar(128),
	"expires_s" integer DEFAULT 3600 NOT NULL,
	"remark" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voice_sip_accounts_expires_ck" CHECK ("voice_sip_accounts"."expires_s" between 60 and 86400)
);
--> statement-breakpoint
CREATE TABLE "voice_trunk_loads" (
	"trunk_id" uuid NOT NULL,
	"owner" varchar(128) NOT NULL,
	"calls_up" integer NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "voice_trunk_loads_trunk_id_owner_pk" PRIMARY KEY("trunk_id","owner")
);
--> statement-breakpoint
CREATE TABLE "voice_trunk_states" (
	"trunk_id" uuid PRIMARY KEY NOT NULL,
	"state" varchar(12) NOT NULL,
	"last_error" varchar(500),
	"since" timestamp with time zone NOT NULL,
	"checked_at" timestamp with time zone,
	"owner" varchar(128) NOT NULL,
	"seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voice_trunks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(64) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"host" varchar(255) NOT NULL,
	"port" integer DEFAULT 5060 NOT NULL,
	"transport" varchar(3) DEFAULT 'udp' NOT NULL,
	"auth_mode" varchar(8) DEFAULT 'ip' NOT NULL,
	"sip_account_id" uuid,
	"codecs" jsonb DEFAULT '["PCMU","PCMA"]'::jsonb NOT NULL,
	"max_calls" integer DEFAULT 30 NOT NULL,
	"cps" integer DEFAULT 10 NOT NULL,
	"caller_id_rule" varchar(12) DEFAULT 'pass' NOT NULL,
	"caller_group_id" uuid,
	"fixed_caller_id" varchar(20),
	"strip_prefix" varchar(10),
	"options_interval_s" integer DEFAULT 30 NOT NULL,
	"remark" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voice_trunks_port_ck" CHECK ("voice_trunks"."port" between 1 and 65535),
	CONSTRAINT "voice_trunks_transport_ck" CHECK (transport in ('udp', 'tcp', 'tls')),
	CONSTRAINT "voice_trunks_auth_ck" CHECK (auth_mode in ('register', 'ip')),
	CONSTRAINT "voice_trunks_rule_ck" CHECK (caller_id_rule in ('pass', 'group', 'fixed', 'strip_prefix')),
	CONSTRAINT "voice_trunks_max_calls_ck" CHECK ("voice_trunks"."max_calls" between 1 and 10000),
	CONSTRAINT "voice_trunks_cps_ck" CHECK ("voice_trunks"."cps" between 1 and 1000),
	CONSTRAINT "voice_trunks_register_ck" CHECK ("voice_trunks"."auth_mode" <> 'register' or "voice_trunks"."sip_account_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "voice_caller_group_members" ADD CONSTRAINT "voice_caller_group_members_group_id_voice_caller_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."voice_caller_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_caller_group_members" ADD CONSTRAINT "voice_caller_group_members_caller_id_voice_caller_ids_id_fk" FOREIGN KEY ("caller_id") REFERENCES "public"."voice_caller_ids"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_caller_groups" ADD CONSTRAINT "voice_caller_groups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_caller_ids" ADD CONSTRAINT "voice_caller_ids_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_route_trunks" ADD CONSTRAINT "voice_route_trunks_route_id_voice_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."voice_routes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_route_trunks" ADD CONSTRAINT "voice_route_trunks_trunk_id_voice_trunks_id_fk" FOREIGN KEY ("trunk_id") REFERENCES "public"."voice_trunks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_routes" ADD CONSTRAINT "voice_routes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_trunk_loads" ADD CONSTRAINT "voice_trunk_loads_trunk_id_voice_trunks_id_fk" FOREIGN KEY ("trunk_id") REFERENCES "public"."voice_trunks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_trunk_states" ADD CONSTRAINT "voice_trunk_states_trunk_id_voice_trunks_id_fk" FOREIGN KEY ("trunk_id") REFERENCES "public"."voice_trunks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_trunks" ADD CONSTRAINT "voice_trunks_sip_account_id_voice_sip_accounts_id_fk" FOREIGN KEY ("sip_account_id") REFERENCES "public"."voice_sip_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_trunks" ADD CONSTRAINT "voice_trunks_caller_group_id_voice_caller_groups_id_fk" FOREIGN KEY ("caller_group_id") REFERENCES "public"."voice_caller_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "voice_caller_group_members_caller_idx" ON "voice_caller_group_members" USING btree ("caller_id");--> statement-breakpoint
CREATE UNIQUE INDEX "voice_caller_groups_company_name_uq" ON "voice_caller_groups" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "voice_caller_ids_company_number_uq" ON "voice_caller_ids" USING btree ("company_id","number");--> statement-breakpoint
CREATE INDEX "voice_route_trunks_trunk_idx" ON "voice_route_trunks" USING btree ("trunk_id");--> statement-breakpoint
CREATE INDEX "voice_routes_order_idx" ON "voice_routes" USING btree ("sort_order","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "voice_sip_accounts_user_realm_uq" ON "voice_sip_accounts" USING btree ("username",coalesce("realm", ''));--> statement-breakpoint
CREATE UNIQUE INDEX "voice_trunks_name_uq" ON "voice_trunks" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "voice_trunks_sip_account_idx" ON "voice_trunks" USING btree ("sip_account_id");