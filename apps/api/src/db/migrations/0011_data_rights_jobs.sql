CREATE TABLE "data_exports" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"player_id" integer,
	"status" text DEFAULT 'queued' NOT NULL,
	"requested_by" integer,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"file_name" text,
	"content" "bytea",
	"size_bytes" integer,
	"row_counts" jsonb,
	"downloaded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "deletion_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"player_id" integer,
	"scope" text NOT NULL,
	"player_name" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by" integer,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" integer,
	"completed_at" timestamp with time zone,
	"notify_email" text,
	"removed" jsonb
);
--> statement-breakpoint
CREATE TABLE "retention_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"cancelled_at" timestamp with time zone NOT NULL,
	"reminded_at" timestamp with time zone,
	"purged_at" timestamp with time zone,
	"removed" jsonb
);
--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deletion_requests" ADD CONSTRAINT "deletion_requests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deletion_requests" ADD CONSTRAINT "deletion_requests_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deletion_requests" ADD CONSTRAINT "deletion_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deletion_requests" ADD CONSTRAINT "deletion_requests_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_notices" ADD CONSTRAINT "retention_notices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_exports_account_idx" ON "data_exports" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "data_exports_player_idx" ON "data_exports" USING btree ("player_id");--> statement-breakpoint
CREATE INDEX "data_exports_expiry_idx" ON "data_exports" USING btree ("expires_at") WHERE status = 'ready';--> statement-breakpoint
CREATE INDEX "deletion_requests_account_idx" ON "deletion_requests" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "deletion_requests_pending_idx" ON "deletion_requests" USING btree ("due_at") WHERE status = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "deletion_requests_pending_player_uq" ON "deletion_requests" USING btree ("player_id") WHERE status = 'pending' and scope = 'player';--> statement-breakpoint
CREATE UNIQUE INDEX "deletion_requests_pending_account_uq" ON "deletion_requests" USING btree ("account_id") WHERE status = 'pending' and scope = 'account';--> statement-breakpoint
CREATE UNIQUE INDEX "retention_notices_account_cancel_uq" ON "retention_notices" USING btree ("account_id","cancelled_at");--> statement-breakpoint
-- The audit log stays append-only (migration 0006), with one narrow exception for the erasure of a
-- family's data (issue 17; docs/decisions/0039): inside a transaction that has set grove.erasure to
-- 'on' (set_config(..., true): for that transaction only), an UPDATE may turn before, after,
-- request and reason into the redaction marker, and change nothing else. DELETE and TRUNCATE stay
-- refused, always.
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND coalesce(current_setting('grove.erasure', true), '') = 'on' THEN
    IF (NEW.before IS NOT DISTINCT FROM OLD.before OR NEW.before = '"[erased]"'::jsonb)
      AND (NEW.after IS NOT DISTINCT FROM OLD.after OR NEW.after = '"[erased]"'::jsonb)
      AND (NEW.request IS NOT DISTINCT FROM OLD.request OR NEW.request = '"[erased]"'::jsonb)
      AND (NEW.reason IS NOT DISTINCT FROM OLD.reason OR NEW.reason = '[erased]')
      AND to_jsonb(NEW) - ARRAY['before', 'after', 'request', 'reason']
        = to_jsonb(OLD) - ARRAY['before', 'after', 'request', 'reason']
    THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
END
$$;
