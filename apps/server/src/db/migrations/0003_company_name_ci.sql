-- Names that differ only by case were allowed before: keep the oldest as it is and number the others
-- ("Acme", "ACME (2)"), so the new index can be built on an existing database.
UPDATE "companies" AS c SET "name" = left(c."name", 120) || ' (' || d.n || ')'
FROM (
  SELECT "id", row_number() OVER (PARTITION BY lower("name") ORDER BY "created_at", "id") AS n FROM "companies"
) AS d
WHERE c."id" = d."id" AND d.n > 1;--> statement-breakpoint
DROP INDEX "companies_name_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "companies_name_lower_uq" ON "companies" USING btree (lower("name"));
