CREATE TABLE "person_attributes" (
	"person_id" text PRIMARY KEY NOT NULL,
	"middle_name" text,
	"native_name" text,
	"dob" text,
	"gender" text,
	"address" text,
	"postcode" text,
	"ssn" text,
	"passport" text,
	"drivers_license" text,
	"national_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "person_attributes" ADD CONSTRAINT "person_attributes_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;