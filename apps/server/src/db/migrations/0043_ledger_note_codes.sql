ALTER TABLE "ledger_entries" ADD COLUMN "note_code" varchar(32);--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "note_params" jsonb;--> statement-breakpoint
-- The notes the platform wrote in English become codes with their parameters (rendered in the
-- reader's language); what people typed (adjustment reasons, payout notes) stays in "note". The
-- ledger is append-only: its update trigger is set aside for this one rewrite of the note columns.
ALTER TABLE "ledger_entries" DISABLE TRIGGER "ledger_entries_no_update_delete";--> statement-breakpoint
UPDATE "ledger_entries" SET "note_code" = 'opening_balance', "note_params" = '{}'::jsonb, "note" = NULL
  WHERE "note" = 'Demo opening balance';--> statement-breakpoint
UPDATE "ledger_entries" SET "note_code" = 'transfer',
  "note_params" = jsonb_build_object('amount', (regexp_match("note", '^transfer (\S+)$'))[1]), "note" = NULL
  WHERE "kind" IN ('transfer_in', 'transfer_out') AND "note" ~ '^transfer \S+$';--> statement-breakpoint
UPDATE "ledger_entries" SET "note_code" = 'topup_late',
  "note_params" = jsonb_build_object('method', lower((regexp_match("note", '^(Card|Crypto) '))[1])), "note" = NULL
  WHERE "note" ~ '^(Card|Crypto) top-up: payment after the order closed$';--> statement-breakpoint
UPDATE "ledger_entries" SET "note_code" = 'topup',
  "note_params" = jsonb_build_object('method', lower((regexp_match("note", '^(Card|Crypto) '))[1])), "note" = NULL
  WHERE "kind" = 'topup' AND "note" ~ '^(Card|Crypto) top-up$';--> statement-breakpoint
UPDATE "ledger_entries" SET "note_code" = 'topup_reversed', "note_params" = '{}'::jsonb, "note" = NULL
  WHERE "kind" = 'adjustment' AND "actor_user_id" IS NULL AND "note" = 'Top-up refunded by the payment provider';--> statement-breakpoint
UPDATE "ledger_entries" SET "note_code" = 'payment_resolved',
  "note_params" = jsonb_build_object('reason', (regexp_match("note", '^Payment resolved by staff \((.*)\)$'))[1]), "note" = NULL
  WHERE "kind" = 'topup' AND "note" ~ '^Payment resolved by staff \(.*\)$';--> statement-breakpoint
UPDATE "ledger_entries" SET "note_code" = 'commission',
  "note_params" = jsonb_build_object('companyId', (regexp_match("note", '^company:(\S+)$'))[1]), "note" = NULL
  WHERE "kind" = 'commission' AND "note" ~ '^company:[0-9a-f-]{36}$';--> statement-breakpoint
UPDATE "ledger_entries" SET "note_code" = 'sms_batch',
  "note_params" = jsonb_build_object('kind', (regexp_match("note", '^(\w+): '))[1],
    'count', ((regexp_match("note", ': (\d+) SMS$'))[1])::int), "note" = NULL
  WHERE "kind" = 'charge' AND "note" ~ '^(marketing|notification|otp|premium_otp): \d{1,9} SMS$';--> statement-breakpoint
UPDATE "ledger_entries" SET "note_code" = 'sms_refund',
  "note_params" = jsonb_build_object('reason', (regexp_match("note", '^SMS not sent \((.*)\): refunded$'))[1]), "note" = NULL
  WHERE "kind" = 'refund' AND "note" ~ '^SMS not sent \(.*\): refunded$';--> statement-breakpoint
UPDATE "ledger_entries" SET "note_code" = 'commission_reversed',
  "note_params" = jsonb_build_object('companyId', (regexp_match("note", 'company:([0-9a-f-]{36})'))[1]), "note" = NULL
  WHERE "kind" = 'adjustment' AND "note" ~ '^SMS refunded to company:[0-9a-f-]{36}: commission reversed$';--> statement-breakpoint
-- A charge: '<kind> <country>[ <sms kind>][ <prefix or MCC/MNC>] x<parts>'.
UPDATE "ledger_entries" SET "note_code" = 'charge',
  "note_params" = jsonb_build_object(
    'kind', m[1], 'country', m[2], 'match', coalesce(m[3], ''), 'parts', (m[4])::int),
  "note" = NULL
  FROM (SELECT "id" AS "entry_id", regexp_match("note",
    '^(marketing|notification|otp|premium_otp|voice|nd) ([A-Z]{2})(?: (?:marketing|notification|otp|premium_otp))?(?: (\S+))? x(\d{1,9})$') AS m
    FROM "ledger_entries" WHERE "kind" = 'charge' AND "note_code" IS NULL) AS "parsed"
  WHERE "ledger_entries"."id" = "parsed"."entry_id" AND "parsed".m IS NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ENABLE TRIGGER "ledger_entries_no_update_delete";
