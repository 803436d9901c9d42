CREATE TABLE "coach_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"coach_user_id" integer,
	"call_id" integer,
	"player_id" integer,
	"body" text NOT NULL,
	"shared" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coach_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"title" text DEFAULT 'Grove coach' NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"time_zone" text DEFAULT 'America/New_York' NOT NULL,
	"widget_id" text NOT NULL,
	"accepts_bookings" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coach_time_off" (
	"id" serial PRIMARY KEY NOT NULL,
	"coach_user_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coach_time_off_range" CHECK ("coach_time_off"."starts_at" < "coach_time_off"."ends_at")
);
--> statement-breakpoint
CREATE TABLE "coach_working_hours" (
	"id" serial PRIMARY KEY NOT NULL,
	"coach_user_id" integer NOT NULL,
	"weekday" smallint NOT NULL,
	"start_minute" smallint NOT NULL,
	"end_minute" smallint NOT NULL,
	CONSTRAINT "coach_working_hours_range" CHECK ("coach_working_hours"."start_minute" >= 0 and "coach_working_hours"."end_minute" <= 1440 and "coach_working_hours"."start_minute" < "coach_working_hours"."end_minute" and "coach_working_hours"."weekday" between 1 and 7)
);
--> statement-breakpoint
CREATE TABLE "coaching_calls" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"coach_user_id" integer NOT NULL,
	"booked_by_user_id" integer,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"ref" text,
	"reschedule_count" integer DEFAULT 0 NOT NULL,
	"reminder_sent_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "onboarding_steps" (
	"account_id" integer NOT NULL,
	"step" text NOT NULL,
	"passed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"passed_by_user_id" integer,
	CONSTRAINT "onboarding_steps_account_id_step_pk" PRIMARY KEY("account_id","step")
);
--> statement-breakpoint
CREATE TABLE "webinar_registrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"webinar_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"reminder_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webinars" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"host_name" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer DEFAULT 30 NOT NULL,
	"capacity" integer NOT NULL,
	"join_url" text NOT NULL,
	"created_by_user_id" integer,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coach_notes" ADD CONSTRAINT "coach_notes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_notes" ADD CONSTRAINT "coach_notes_coach_user_id_users_id_fk" FOREIGN KEY ("coach_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_notes" ADD CONSTRAINT "coach_notes_call_id_coaching_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."coaching_calls"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_notes" ADD CONSTRAINT "coach_notes_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_profiles" ADD CONSTRAINT "coach_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_time_off" ADD CONSTRAINT "coach_time_off_coach_user_id_users_id_fk" FOREIGN KEY ("coach_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_working_hours" ADD CONSTRAINT "coach_working_hours_coach_user_id_users_id_fk" FOREIGN KEY ("coach_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coaching_calls" ADD CONSTRAINT "coaching_calls_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coaching_calls" ADD CONSTRAINT "coaching_calls_coach_user_id_users_id_fk" FOREIGN KEY ("coach_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coaching_calls" ADD CONSTRAINT "coaching_calls_booked_by_user_id_users_id_fk" FOREIGN KEY ("booked_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_steps" ADD CONSTRAINT "onboarding_steps_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_steps" ADD CONSTRAINT "onboarding_steps_passed_by_user_id_users_id_fk" FOREIGN KEY ("passed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webinar_registrations" ADD CONSTRAINT "webinar_registrations_webinar_id_webinars_id_fk" FOREIGN KEY ("webinar_id") REFERENCES "public"."webinars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webinar_registrations" ADD CONSTRAINT "webinar_registrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webinars" ADD CONSTRAINT "webinars_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coach_notes_account_idx" ON "coach_notes" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "coach_profiles_widget_uq" ON "coach_profiles" USING btree ("widget_id");--> statement-breakpoint
CREATE INDEX "coach_time_off_coach_idx" ON "coach_time_off" USING btree ("coach_user_id","starts_at");--> statement-breakpoint
CREATE INDEX "coach_working_hours_coach_idx" ON "coach_working_hours" USING btree ("coach_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coaching_calls_coach_slot_uq" ON "coaching_calls" USING btree ("coach_user_id","starts_at") WHERE "coaching_calls"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "coaching_calls_account_idx" ON "coaching_calls" USING btree ("account_id","starts_at");--> statement-breakpoint
CREATE INDEX "coaching_calls_coach_idx" ON "coaching_calls" USING btree ("coach_user_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "webinar_registrations_uq" ON "webinar_registrations" USING btree ("webinar_id","user_id");--> statement-breakpoint
CREATE INDEX "webinar_registrations_user_idx" ON "webinar_registrations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "webinars_starts_idx" ON "webinars" USING btree ("starts_at");