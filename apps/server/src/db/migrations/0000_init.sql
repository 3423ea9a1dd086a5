CREATE TABLE "captchas" (
	"check_key" varchar(64) PRIMARY KEY NOT NULL,
	"answer_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(128) NOT NULL,
	"type" varchar(16) NOT NULL,
	"approval_status" varchar(16) DEFAULT 'unapproved' NOT NULL,
	"parent_company_id" uuid,
	"contact_name" varchar(64),
	"phone" varchar(32),
	"email" varchar(128),
	"ip_whitelist" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"code" varchar(2) PRIMARY KEY NOT NULL,
	"dial_code" varchar(8) NOT NULL,
	"name_en" varchar(128) NOT NULL,
	"name_zh" varchar(128) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"permission_id" uuid NOT NULL,
	"rule_name" varchar(64) NOT NULL,
	"rule_column" varchar(64) NOT NULL,
	"rule_condition" varchar(16) NOT NULL,
	"rule_value" varchar(256) NOT NULL,
	"status" varchar(2) DEFAULT '1' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "departments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"parent_id" uuid,
	"depart_name" varchar(128) NOT NULL,
	"depart_name_zh" varchar(128),
	"org_code" varchar(64) NOT NULL,
	"agent_id" uuid,
	"sort_no" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dictionaries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dict_code" varchar(64) NOT NULL,
	"dict_name" varchar(128) NOT NULL,
	"dict_name_zh" varchar(128) NOT NULL,
	"description" varchar(256),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dictionary_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dict_id" uuid NOT NULL,
	"item_value" varchar(64) NOT NULL,
	"text_en" varchar(256) NOT NULL,
	"text_zh" varchar(256) NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"username" varchar(64) NOT NULL,
	"user_id" uuid,
	"success" boolean NOT NULL,
	"reason" varchar(64),
	"method" varchar(16) DEFAULT 'password' NOT NULL,
	"ip" varchar(64) NOT NULL,
	"user_agent" varchar(512),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operation_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"username" varchar(64),
	"method" varchar(8) NOT NULL,
	"route" varchar(255) NOT NULL,
	"action" varchar(128),
	"status_code" integer NOT NULL,
	"ip" varchar(64) NOT NULL,
	"user_agent" varchar(512),
	"duration_ms" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "permissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"parent_id" uuid,
	"name" varchar(128) NOT NULL,
	"title_key" varchar(128),
	"path" varchar(255),
	"component_name" varchar(128),
	"component" varchar(255),
	"redirect" varchar(255),
	"menu_type" integer NOT NULL,
	"perms" varchar(255),
	"perms_type" varchar(2) DEFAULT '1' NOT NULL,
	"sort_no" integer DEFAULT 0 NOT NULL,
	"icon" varchar(64),
	"url" varchar(512),
	"hidden" boolean DEFAULT false NOT NULL,
	"always_show" boolean DEFAULT false NOT NULL,
	"keep_alive" boolean DEFAULT false NOT NULL,
	"internal_or_external" boolean DEFAULT false NOT NULL,
	"status" varchar(2) DEFAULT '1' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role_permissions" (
	"role_id" uuid NOT NULL,
	"permission_id" uuid NOT NULL,
	"data_rule_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "role_permissions_role_id_permission_id_pk" PRIMARY KEY("role_id","permission_id")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"role_code" varchar(64) NOT NULL,
	"role_name" varchar(64) NOT NULL,
	"role_name_zh" varchar(64) NOT NULL,
	"description" varchar(256),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"user_id" uuid NOT NULL,
	"ip" varchar(64),
	"user_agent" varchar(512),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "user_departments" (
	"user_id" uuid NOT NULL,
	"department_id" uuid NOT NULL,
	CONSTRAINT "user_departments_user_id_department_id_pk" PRIMARY KEY("user_id","department_id")
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" uuid NOT NULL,
	"role_id" uuid NOT NULL,
	CONSTRAINT "user_roles_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" varchar(64) NOT NULL,
	"realname" varchar(64) NOT NULL,
	"password_hash" text NOT NULL,
	"avatar" varchar(512),
	"phone" varchar(32),
	"email" varchar(128),
	"status" integer DEFAULT 1 NOT NULL,
	"org_code" varchar(64),
	"company_id" uuid,
	"totp_secret" varchar(128),
	"totp_pending_secret" varchar(128),
	"totp_last_step" integer,
	"ip_whitelist" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"hide_header_items" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "data_rules" ADD CONSTRAINT "data_rules_permission_id_permissions_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."permissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_agent_id_companies_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dictionary_items" ADD CONSTRAINT "dictionary_items_dict_id_dictionaries_id_fk" FOREIGN KEY ("dict_id") REFERENCES "public"."dictionaries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_permission_id_permissions_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."permissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_departments" ADD CONSTRAINT "user_departments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_departments" ADD CONSTRAINT "user_departments_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "companies_name_uq" ON "companies" USING btree ("name");--> statement-breakpoint
CREATE INDEX "companies_parent_idx" ON "companies" USING btree ("parent_company_id");--> statement-breakpoint
CREATE INDEX "data_rules_perm_idx" ON "data_rules" USING btree ("permission_id");--> statement-breakpoint
CREATE UNIQUE INDEX "departments_org_code_uq" ON "departments" USING btree ("org_code");--> statement-breakpoint
CREATE INDEX "departments_parent_idx" ON "departments" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dictionaries_code_uq" ON "dictionaries" USING btree ("dict_code");--> statement-breakpoint
CREATE UNIQUE INDEX "dictionary_items_uq" ON "dictionary_items" USING btree ("dict_id","item_value");--> statement-breakpoint
CREATE INDEX "login_log_username_idx" ON "login_log" USING btree ("username","created_at");--> statement-breakpoint
CREATE INDEX "login_log_ip_idx" ON "login_log" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "operation_log_created_idx" ON "operation_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "operation_log_user_idx" ON "operation_log" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "permissions_parent_idx" ON "permissions" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "permissions_perms_uq" ON "permissions" USING btree ("perms");--> statement-breakpoint
CREATE UNIQUE INDEX "roles_code_uq" ON "roles" USING btree ("role_code");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_uq" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_uq" ON "users" USING btree ("username");--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_uq" ON "users" USING btree ("phone");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_company_idx" ON "users" USING btree ("company_id");