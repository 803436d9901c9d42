CREATE TABLE "cool_downs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	"start_bpm" smallint NOT NULL,
	"end_bpm" smallint NOT NULL,
	CONSTRAINT "cool_downs_order_ck" CHECK ("cool_downs"."ended_at" >= "cool_downs"."started_at")
);
--> statement-breakpoint
CREATE TABLE "cooldown_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"event_type" text NOT NULL,
	"bpm" smallint
);
--> statement-breakpoint
CREATE TABLE "experiment_variants" (
	"id" serial PRIMARY KEY NOT NULL,
	"player_id" integer NOT NULL,
	"campaign_name" text NOT NULL,
	"variant_name" text NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hr_rises" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"start_bpm" smallint NOT NULL,
	"peak_bpm" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "incomplete_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"player_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "play_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"player_id" integer NOT NULL,
	"device_id" integer,
	"game_session_id" text NOT NULL,
	"period_datetime" timestamp with time zone NOT NULL,
	"seconds_played" integer NOT NULL,
	"acorns_earned" integer DEFAULT 0 NOT NULL,
	"hr_rise_count" integer DEFAULT 0 NOT NULL,
	"cool_down_count" integer DEFAULT 0 NOT NULL,
	"cool_down_seconds" integer DEFAULT 0 NOT NULL,
	"cooldown_event_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "play_sessions_seconds_played_ck" CHECK ("play_sessions"."seconds_played" >= 0),
	CONSTRAINT "play_sessions_acorns_earned_ck" CHECK ("play_sessions"."acorns_earned" >= 0)
);
--> statement-breakpoint
CREATE TABLE "player_stat_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"player_id" integer NOT NULL,
	"field" text NOT NULL,
	"old_value" integer NOT NULL,
	"new_value" integer NOT NULL,
	"reason" text NOT NULL,
	"changed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "remote_configs" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"config_name" text NOT NULL,
	"config_value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_responses" (
	"id" serial PRIMARY KEY NOT NULL,
	"survey_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"user_id" integer,
	"player_id" integer,
	"player_name" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "surveys" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "surveys_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "cool_downs" ADD CONSTRAINT "cool_downs_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cooldown_events" ADD CONSTRAINT "cooldown_events_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experiment_variants" ADD CONSTRAINT "experiment_variants_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hr_rises" ADD CONSTRAINT "hr_rises_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incomplete_profiles" ADD CONSTRAINT "incomplete_profiles_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "play_sessions" ADD CONSTRAINT "play_sessions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "play_sessions" ADD CONSTRAINT "play_sessions_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_stat_changes" ADD CONSTRAINT "player_stat_changes_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_stat_changes" ADD CONSTRAINT "player_stat_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_configs" ADD CONSTRAINT "remote_configs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cool_downs_player_id_idx" ON "cool_downs" USING btree ("player_id","id");--> statement-breakpoint
CREATE INDEX "cooldown_events_player_id_idx" ON "cooldown_events" USING btree ("player_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "experiment_variants_player_campaign_uq" ON "experiment_variants" USING btree ("player_id","campaign_name");--> statement-breakpoint
CREATE INDEX "hr_rises_player_id_idx" ON "hr_rises" USING btree ("player_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "incomplete_profiles_account_name_uq" ON "incomplete_profiles" USING btree ("account_id",lower(btrim("player_name")));--> statement-breakpoint
CREATE UNIQUE INDEX "play_sessions_account_game_session_uq" ON "play_sessions" USING btree ("account_id","game_session_id");--> statement-breakpoint
CREATE INDEX "play_sessions_player_period_idx" ON "play_sessions" USING btree ("player_id","period_datetime","seconds_played","hr_rise_count","cool_down_count","cool_down_seconds","cooldown_event_count");--> statement-breakpoint
CREATE INDEX "player_stat_changes_player_idx" ON "player_stat_changes" USING btree ("player_id","field","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "remote_configs_account_name_uq" ON "remote_configs" USING btree ("account_id","config_name");--> statement-breakpoint
CREATE INDEX "survey_responses_player_idx" ON "survey_responses" USING btree ("player_id","id");--> statement-breakpoint
CREATE INDEX "survey_responses_user_idx" ON "survey_responses" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "survey_responses_account_idx" ON "survey_responses" USING btree ("account_id");