CREATE TABLE "person_keys" (
	"key" text NOT NULL,
	"person_id" text NOT NULL,
	CONSTRAINT "person_keys_key_person_id_pk" PRIMARY KEY("key","person_id")
);
--> statement-breakpoint
CREATE TABLE "person_value_sources" (
	"person_id" text NOT NULL,
	"field" text NOT NULL,
	"value" text NOT NULL,
	"source_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "person_value_sources_person_id_field_value_source_id_pk" PRIMARY KEY("person_id","field","value","source_id")
);
--> statement-breakpoint
ALTER TABLE "person_keys" ADD CONSTRAINT "person_keys_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_value_sources" ADD CONSTRAINT "person_value_sources_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_value_sources" ADD CONSTRAINT "person_value_sources_source_id_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."sources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "person_keys_person_idx" ON "person_keys" USING btree ("person_id");