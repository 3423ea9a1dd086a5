ALTER TABLE "sms_messages" ADD COLUMN "commissions" jsonb;--> statement-breakpoint
-- Messages charged before this column that may still be refunded (not sent yet) keep what their
-- resellers earned on them, as a refund now reads it from the message. Then each reseller had a
-- commission entry per message, keyed like rates' commissionKey: 'cm:' and the unpadded
-- base64url SHA-256 of the customer's id, a NUL and the message id.
UPDATE "sms_messages" m SET "commissions" = c.list
FROM (
  SELECT s.id, s.created_at,
    jsonb_agg(jsonb_build_object('companyId', e.company_id, 'amount', e.amount::text) ORDER BY e.id) AS list
  FROM "sms_messages" s
  JOIN "ledger_entries" e ON e.kind = 'commission' AND e.idempotency_key = 'cm:' || rtrim(translate(encode(
    sha256(convert_to(s.company_id::text, 'UTF8') || '\x00'::bytea || convert_to(s.id::text, 'UTF8')),
    'base64'), '+/', '-_'), '=')
  WHERE s.status IN ('accepted', 'queued') AND s.price > 0
  GROUP BY s.id, s.created_at
) c
WHERE m.id = c.id AND m.created_at = c.created_at;
