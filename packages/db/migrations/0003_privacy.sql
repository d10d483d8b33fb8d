CREATE TABLE "privacy_erasures" (
	"person_id" text PRIMARY KEY NOT NULL,
	"request_ref" text NOT NULL,
	"erased_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "privacy_settings" (
	"id" text PRIMARY KEY NOT NULL,
	"source_record_days" integer,
	"job_output_days" integer,
	"last_sweep_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "privacy_suppressions" (
	"hash" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"request_ref" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "privacy_erasures_ref_idx" ON "privacy_erasures" USING btree ("request_ref");