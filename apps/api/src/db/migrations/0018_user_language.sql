-- The language a person chose (issue 29; docs/decisions/0074): one of the domain's LANGUAGES, null
-- until they choose. Every existing row is null, so the check passes at once.
ALTER TABLE "users" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language_ck" CHECK ("users"."language" in ('en', 'es'));