ALTER TABLE "company_contact_lists" ADD COLUMN "first_without_email" smallint;--> statement-breakpoint
-- The lists kept so far, as dossier_refresh_contact_lists writes them from now on (by hand: drizzle-kit generates schema only).
UPDATE "company_contact_lists" SET "first_without_email" = dossier_first_without_email("contacts")
WHERE dossier_first_without_email("contacts") IS NOT NULL;
