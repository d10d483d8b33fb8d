ALTER TABLE "request_log" DROP CONSTRAINT "request_log_org_id_organizations_id_fk";
--> statement-breakpoint
DROP INDEX "request_log_at_idx";--> statement-breakpoint
CREATE INDEX "request_log_at_brin" ON "request_log" USING brin ("at");