CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "account_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"author_user_id" integer,
	"text" text NOT NULL,
	"edited_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_search" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"holder_name" text DEFAULT '' NOT NULL,
	"holder_email" text DEFAULT '' NOT NULL,
	"document" text DEFAULT '' NOT NULL,
	"account_status" text NOT NULL,
	"billing_status" text NOT NULL,
	"plan_tag" text,
	"coach_user_id" integer,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_user_id" integer NOT NULL,
	"actor_email" text NOT NULL,
	"action" text NOT NULL,
	"method" text NOT NULL,
	"route" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"account_id" integer,
	"before" jsonb,
	"after" jsonb,
	"request" jsonb,
	"reason" text,
	"status" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"requester_user_id" integer NOT NULL,
	"account_id" integer,
	"subject" text NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"priority" text DEFAULT 'normal' NOT NULL,
	"channel" text DEFAULT 'web' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "game_version" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "account_notes" ADD CONSTRAINT "account_notes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_notes" ADD CONSTRAINT "account_notes_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_notes" ADD CONSTRAINT "account_notes_edited_by_user_id_users_id_fk" FOREIGN KEY ("edited_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_search" ADD CONSTRAINT "account_search_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_requester_user_id_users_id_fk" FOREIGN KEY ("requester_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_notes_account_idx" ON "account_notes" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "account_search_document_trgm" ON "account_search" USING gin ("document" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "account_search_tags_gin" ON "account_search" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "account_search_name_idx" ON "account_search" USING btree ("holder_name","account_id");--> statement-breakpoint
CREATE INDEX "account_search_email_idx" ON "account_search" USING btree ("holder_email","account_id");--> statement-breakpoint
CREATE INDEX "account_search_created_idx" ON "account_search" USING btree ("created_at","account_id");--> statement-breakpoint
CREATE INDEX "account_search_status_name_idx" ON "account_search" USING btree ("account_status","holder_name","account_id");--> statement-breakpoint
CREATE INDEX "account_search_billing_name_idx" ON "account_search" USING btree ("billing_status","holder_name","account_id");--> statement-breakpoint
CREATE INDEX "account_search_coach_name_idx" ON "account_search" USING btree ("coach_user_id","holder_name","account_id");--> statement-breakpoint
CREATE INDEX "account_search_plan_name_idx" ON "account_search" USING btree ("plan_tag","holder_name","account_id");--> statement-breakpoint
CREATE INDEX "audit_log_account_idx" ON "audit_log" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_user_id","id");--> statement-breakpoint
CREATE INDEX "support_tickets_requester_idx" ON "support_tickets" USING btree ("requester_user_id","id");
--> statement-breakpoint
-- The admin accounts list reads one row per account (issue 14; docs/admin.md). Triggers on the
-- tables it is made from keep it current inside the writing transaction.
CREATE OR REPLACE FUNCTION refresh_account_search(aid integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF aid IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO account_search AS s (account_id, holder_name, holder_email, document, account_status,
    billing_status, plan_tag, coach_user_id, tags, created_at)
  SELECT a.id,
    coalesce(lower(h.last_name || ' ' || h.first_name), ''),
    coalesce(lower(h.email), ''),
    lower(concat_ws(' ', a.id::text,
      (SELECT string_agg(concat_ws(' ', u.first_name, u.last_name, u.email, u.pending_email,
          nullif(regexp_replace(u.phonenumber, '\D', '', 'g'), '')), ' ' ORDER BY u.id)
         FROM users u WHERE u.account_id = a.id),
      (SELECT string_agg(p.name, ' ' ORDER BY p.id) FROM players p WHERE p.account_id = a.id))),
    a.account_status,
    coalesce(sub.status, 'NOT_PURCHASED'),
    sub.plan_tag,
    a.coach_user_id,
    coalesce((SELECT array_agg(DISTINCT lower(t.tag)) FROM account_tags t WHERE t.account_id = a.id), '{}'),
    a.created_at
  FROM accounts a
  LEFT JOIN LATERAL (
    SELECT u.first_name, u.last_name, u.email FROM users u
    WHERE u.account_id = a.id AND NOT u.is_staff AND NOT u.is_coach
    ORDER BY u.is_billing_user DESC, u.id LIMIT 1
  ) h ON true
  LEFT JOIN LATERAL (
    SELECT x.status, x.plan_tag FROM subscriptions x WHERE x.account_id = a.id
    ORDER BY (x.status NOT IN ('CANCELLED', 'RETURNED')) DESC, x.id DESC LIMIT 1
  ) sub ON true
  WHERE a.id = aid
  ON CONFLICT (account_id) DO UPDATE SET
    holder_name = excluded.holder_name,
    holder_email = excluded.holder_email,
    document = excluded.document,
    account_status = excluded.account_status,
    billing_status = excluded.billing_status,
    plan_tag = excluded.plan_tag,
    coach_user_id = excluded.coach_user_id,
    tags = excluded.tags,
    created_at = excluded.created_at;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION account_search_from_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_account_search(NEW.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION account_search_from_member() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM refresh_account_search(OLD.account_id);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.account_id IS DISTINCT FROM OLD.account_id) THEN
    PERFORM refresh_account_search(NEW.account_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER account_search_accounts AFTER INSERT OR UPDATE OF account_status, coach_user_id, created_at
  ON accounts FOR EACH ROW EXECUTE FUNCTION account_search_from_account();
--> statement-breakpoint
CREATE TRIGGER account_search_users AFTER INSERT OR DELETE OR UPDATE OF first_name, last_name, email,
  pending_email, phonenumber, account_id, is_billing_user, is_staff, is_coach
  ON users FOR EACH ROW EXECUTE FUNCTION account_search_from_member();
--> statement-breakpoint
CREATE TRIGGER account_search_players AFTER INSERT OR DELETE OR UPDATE OF name, account_id
  ON players FOR EACH ROW EXECUTE FUNCTION account_search_from_member();
--> statement-breakpoint
CREATE TRIGGER account_search_tags AFTER INSERT OR DELETE OR UPDATE
  ON account_tags FOR EACH ROW EXECUTE FUNCTION account_search_from_member();
--> statement-breakpoint
CREATE TRIGGER account_search_subscriptions AFTER INSERT OR DELETE OR UPDATE OF status, plan_tag, account_id
  ON subscriptions FOR EACH ROW EXECUTE FUNCTION account_search_from_member();
--> statement-breakpoint
SELECT refresh_account_search(id) FROM accounts;
--> statement-breakpoint
-- The audit log is append-only: no UPDATE, DELETE or TRUNCATE, whoever asks.
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
