CREATE TABLE "company_balances" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"balance" numeric(18, 6) DEFAULT 0 NOT NULL,
	"balance_seq" bigint DEFAULT 0 NOT NULL,
	"credit_limit" numeric(18, 6) DEFAULT 0 NOT NULL,
	"commission" numeric(18, 6) DEFAULT 0 NOT NULL,
	"commission_seq" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_balances_credit_limit_ck" CHECK ("company_balances"."credit_limit" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_daily_balances" (
	"company_id" uuid NOT NULL,
	"account" varchar(16) NOT NULL,
	"day" date NOT NULL,
	"closing_balance" numeric(18, 6) NOT NULL,
	"last_seq" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_daily_balances_company_id_account_day_pk" PRIMARY KEY("company_id","account","day"),
	CONSTRAINT "ledger_daily_balances_account_ck" CHECK (account in ('balance', 'commission'))
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"account" varchar(16) NOT NULL,
	"seq" bigint NOT NULL,
	"kind" varchar(16) NOT NULL,
	"amount" numeric(18, 6) NOT NULL,
	"balance_after" numeric(18, 6) NOT NULL,
	"reference" varchar(128),
	"note" varchar(256),
	"actor_user_id" uuid,
	"actor_username" varchar(64),
	"idempotency_key" varchar(128) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_account_ck" CHECK (account in ('balance', 'commission')),
	CONSTRAINT "ledger_entries_kind_ck" CHECK (kind in ('topup', 'charge', 'refund', 'transfer_in', 'transfer_out', 'commission', 'adjustment', 'payout')),
	CONSTRAINT "ledger_entries_seq_ck" CHECK ("ledger_entries"."seq" >= 1),
	CONSTRAINT "ledger_entries_sign_ck" CHECK ((kind in ('topup', 'refund', 'transfer_in', 'commission') and amount > 0) or (kind in ('charge', 'transfer_out', 'payout') and amount < 0) or (kind = 'adjustment' and amount <> 0)),
	CONSTRAINT "ledger_entries_account_kind_ck" CHECK (kind = 'adjustment' or (account = 'commission') = (kind in ('commission', 'payout')))
);
--> statement-breakpoint
ALTER TABLE "company_balances" ADD CONSTRAINT "company_balances_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_daily_balances" ADD CONSTRAINT "ledger_daily_balances_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_idempotency_uq" ON "ledger_entries" USING btree ("company_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_chain_uq" ON "ledger_entries" USING btree ("company_id","account","seq");--> statement-breakpoint
CREATE INDEX "ledger_entries_company_idx" ON "ledger_entries" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "ledger_entries_created_idx" ON "ledger_entries" USING btree ("created_at");--> statement-breakpoint
-- The ledger is append-only: a correction is a new entry, never an edit. (Written by hand:
-- drizzle-kit does not model triggers.)
CREATE FUNCTION "ledger_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'ledger_entries is append-only: % refused', TG_OP USING ERRCODE = 'restrict_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_update_delete" BEFORE UPDATE OR DELETE ON "ledger_entries" FOR EACH ROW EXECUTE FUNCTION "ledger_entries_append_only"();--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_truncate" BEFORE TRUNCATE ON "ledger_entries" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_entries_append_only"();
