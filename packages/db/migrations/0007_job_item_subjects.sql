ALTER TABLE "job_items" ADD COLUMN "subjects" text[] COLLATE "C";--> statement-breakpoint
CREATE INDEX "job_items_subjects_idx" ON "job_items" USING gin ("subjects");--> statement-breakpoint
CREATE INDEX "job_items_unindexed_idx" ON "job_items" USING btree ("job_id") WHERE "job_items"."subjects" is null;