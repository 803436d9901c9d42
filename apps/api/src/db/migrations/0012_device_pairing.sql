CREATE TABLE "device_authorizations" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_code_hash" text NOT NULL,
	"user_code" text NOT NULL,
	"client_id" text NOT NULL,
	"suggested_name" text DEFAULT '' NOT NULL,
	"platform" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"interval_seconds" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_polled_at" timestamp with time zone,
	"account_id" integer,
	"device_id" integer,
	"approved_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_authorizations_status_ck" CHECK ("device_authorizations"."status" in ('pending', 'approved', 'denied', 'consumed'))
);
--> statement-breakpoint
ALTER TABLE "device_authorizations" ADD CONSTRAINT "device_authorizations_client_id_oauth_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."oauth_clients"("client_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_authorizations" ADD CONSTRAINT "device_authorizations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_authorizations" ADD CONSTRAINT "device_authorizations_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_authorizations" ADD CONSTRAINT "device_authorizations_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "device_authorizations_device_code_hash_uq" ON "device_authorizations" USING btree ("device_code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "device_authorizations_live_user_code_uq" ON "device_authorizations" USING btree ("user_code") WHERE "device_authorizations"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "device_authorizations_user_code_idx" ON "device_authorizations" USING btree ("user_code");--> statement-breakpoint
CREATE INDEX "device_authorizations_expires_at_idx" ON "device_authorizations" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "device_authorizations_account_id_idx" ON "device_authorizations" USING btree ("account_id");--> statement-breakpoint
-- The game's OAuth client exists on every database and may use the device code grant (RFC 8628).
-- seedEssentials adds the same row where it is missing; an existing row gains the grant.
INSERT INTO "oauth_clients" ("client_id", "name", "grant_types")
VALUES ('grove-game', 'Grove game app', ARRAY['password', 'refresh_token', 'urn:ietf:params:oauth:grant-type:device_code'])
ON CONFLICT ("client_id") DO UPDATE
  SET "grant_types" = array_append("oauth_clients"."grant_types", 'urn:ietf:params:oauth:grant-type:device_code')
  WHERE NOT ('urn:ietf:params:oauth:grant-type:device_code' = ANY ("oauth_clients"."grant_types"));
