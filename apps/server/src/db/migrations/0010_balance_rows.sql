-- hand-written (keep on regeneration)
-- Every company has its balance row from the moment it exists. A posting locks the balance rows it
-- touches in company id order; a row the posting itself had to create (first change of a company)
-- was locked after the rows already held, and under concurrency (two first transfers to one new
-- customer, a charge beside them) that could deadlock. With the row made by the company's insert,
-- in the same transaction, a posting only ever locks existing rows, in order.
CREATE OR REPLACE FUNCTION companies_open_balance() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO company_balances (company_id) VALUES (NEW.id) ON CONFLICT DO NOTHING;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER companies_open_balance AFTER INSERT ON companies
  FOR EACH ROW EXECUTE FUNCTION companies_open_balance();--> statement-breakpoint
INSERT INTO company_balances (company_id) SELECT id FROM companies ON CONFLICT DO NOTHING;
