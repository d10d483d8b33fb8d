CREATE TABLE "domain_catch_all" (
	"domain" text PRIMARY KEY NOT NULL,
	"accept_all" boolean NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
