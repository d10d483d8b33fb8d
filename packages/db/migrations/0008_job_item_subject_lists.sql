CREATE TABLE "job_item_subjects" (
	"job_id" text NOT NULL,
	"seq" integer NOT NULL,
	"subjects" text[] COLLATE "C" NOT NULL,
	CONSTRAINT "job_item_subjects_job_id_seq_pk" PRIMARY KEY("job_id","seq")
);
--> statement-breakpoint
ALTER TABLE "job_item_subjects" ADD CONSTRAINT "job_item_subjects_job_id_seq_job_items_job_id_seq_fk" FOREIGN KEY ("job_id","seq") REFERENCES "public"."job_items"("job_id","seq") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_item_subjects_idx" ON "job_item_subjects" USING gin ("subjects");