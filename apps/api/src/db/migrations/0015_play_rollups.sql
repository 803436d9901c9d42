CREATE TABLE "play_day_rollups" (
	"player_id" integer NOT NULL,
	"day" date NOT NULL,
	"sessions" integer NOT NULL,
	"seconds_played" bigint NOT NULL,
	"hr_rises" bigint NOT NULL,
	"cool_downs" bigint NOT NULL,
	"cool_down_seconds" bigint NOT NULL,
	"cooldown_events" bigint NOT NULL,
	"acorns_earned" bigint NOT NULL,
	CONSTRAINT "play_day_rollups_player_id_day_pk" PRIMARY KEY("player_id","day")
);
--> statement-breakpoint
CREATE TABLE "play_week_rollups" (
	"player_id" integer NOT NULL,
	"week" date NOT NULL,
	"sessions" integer NOT NULL,
	"seconds_played" bigint NOT NULL,
	"hr_rises" bigint NOT NULL,
	"cool_downs" bigint NOT NULL,
	"cool_down_seconds" bigint NOT NULL,
	"cooldown_events" bigint NOT NULL,
	"acorns_earned" bigint NOT NULL,
	CONSTRAINT "play_week_rollups_player_id_week_pk" PRIMARY KEY("player_id","week")
);
--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "play_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "play_day_rollups" ADD CONSTRAINT "play_day_rollups_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "play_week_rollups" ADD CONSTRAINT "play_week_rollups_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Play rollups (issue 27; docs/decisions/0056-play-rollups.md). Every change to play_sessions —
-- the game's uploads, the demo data, retention, erasure, a player's or account's deletion — adds
-- to or takes from a player's local day and week in the same transaction, by statement triggers,
-- so that no code path can forget to. Sums are kept by increments (x = x + delta), which two
-- concurrent uploads of one player cannot lose. The local day is the family's time zone's, as the
-- screens cut it ('America/New_York' when unset: the domain's DEFAULT_TIMEZONE).
CREATE OR REPLACE FUNCTION play_rollups_apply(
  p_sign integer, p_players integer[], p_ats timestamptz[], p_secs integer[], p_rises integer[], p_cds integer[],
  p_cdsecs integer[], p_evs integer[], p_acorns integer[]
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_players IS NULL THEN
    RETURN;
  END IF;
  WITH c AS (
    SELECT u.player_id, u.at AT TIME ZONE coalesce(nullif(a.time_zone, ''), 'America/New_York') AS local_at,
           u.secs, u.rises, u.cds, u.cdsecs, u.evs, u.acorns
      FROM unnest(p_players, p_ats, p_secs, p_rises, p_cds, p_cdsecs, p_evs, p_acorns)
             AS u(player_id, at, secs, rises, cds, cdsecs, evs, acorns)
      JOIN players p ON p.id = u.player_id
      JOIN accounts a ON a.id = p.account_id
  ), days AS (
    INSERT INTO play_day_rollups AS r
      (player_id, day, sessions, seconds_played, hr_rises, cool_downs, cool_down_seconds, cooldown_events, acorns_earned)
    SELECT player_id, local_at::date, p_sign * count(*), p_sign * sum(secs), p_sign * sum(rises), p_sign * sum(cds),
           p_sign * sum(cdsecs), p_sign * sum(evs), p_sign * sum(acorns)
      FROM c GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (player_id, day) DO UPDATE SET
      sessions = r.sessions + excluded.sessions,
      seconds_played = r.seconds_played + excluded.seconds_played,
      hr_rises = r.hr_rises + excluded.hr_rises,
      cool_downs = r.cool_downs + excluded.cool_downs,
      cool_down_seconds = r.cool_down_seconds + excluded.cool_down_seconds,
      cooldown_events = r.cooldown_events + excluded.cooldown_events,
      acorns_earned = r.acorns_earned + excluded.acorns_earned
    RETURNING 1
  )
  INSERT INTO play_week_rollups AS r
    (player_id, week, sessions, seconds_played, hr_rises, cool_downs, cool_down_seconds, cooldown_events, acorns_earned)
  SELECT player_id, date_trunc('week', local_at)::date, p_sign * count(*), p_sign * sum(secs), p_sign * sum(rises),
         p_sign * sum(cds), p_sign * sum(cdsecs), p_sign * sum(evs), p_sign * sum(acorns)
    FROM c GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (player_id, week) DO UPDATE SET
    sessions = r.sessions + excluded.sessions,
    seconds_played = r.seconds_played + excluded.seconds_played,
    hr_rises = r.hr_rises + excluded.hr_rises,
    cool_downs = r.cool_downs + excluded.cool_downs,
    cool_down_seconds = r.cool_down_seconds + excluded.cool_down_seconds,
    cooldown_events = r.cooldown_events + excluded.cooldown_events,
    acorns_earned = r.acorns_earned + excluded.acorns_earned;
  IF p_sign < 0 THEN
    DELETE FROM play_day_rollups WHERE player_id IN (SELECT DISTINCT unnest(p_players)) AND sessions <= 0;
    DELETE FROM play_week_rollups WHERE player_id IN (SELECT DISTINCT unnest(p_players)) AND sessions <= 0;
  END IF;
  UPDATE players SET play_version = play_version + 1 WHERE id IN (SELECT DISTINCT unnest(p_players));
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION play_rollups_from_sessions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM play_rollups_apply(-1, array_agg(player_id), array_agg(period_datetime), array_agg(seconds_played),
      array_agg(hr_rise_count), array_agg(cool_down_count), array_agg(cool_down_seconds),
      array_agg(cooldown_event_count), array_agg(acorns_earned))
      FROM old_rows;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM play_rollups_apply(1, array_agg(player_id), array_agg(period_datetime), array_agg(seconds_played),
      array_agg(hr_rise_count), array_agg(cool_down_count), array_agg(cool_down_seconds),
      array_agg(cooldown_event_count), array_agg(acorns_earned))
      FROM new_rows;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER play_sessions_rollups_insert AFTER INSERT ON play_sessions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION play_rollups_from_sessions();
--> statement-breakpoint
CREATE TRIGGER play_sessions_rollups_update AFTER UPDATE ON play_sessions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION play_rollups_from_sessions();
--> statement-breakpoint
CREATE TRIGGER play_sessions_rollups_delete AFTER DELETE ON play_sessions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION play_rollups_from_sessions();
--> statement-breakpoint
-- The rollups of some players (all when ids is null) computed afresh from their sessions: when a
-- family's time zone changes their local days do, and `npm run rollups:rebuild` calls it.
CREATE OR REPLACE FUNCTION rebuild_play_rollups(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM play_day_rollups WHERE ids IS NULL OR player_id = ANY(ids);
  DELETE FROM play_week_rollups WHERE ids IS NULL OR player_id = ANY(ids);
  INSERT INTO play_day_rollups
    (player_id, day, sessions, seconds_played, hr_rises, cool_downs, cool_down_seconds, cooldown_events, acorns_earned)
  SELECT s.player_id, (s.period_datetime AT TIME ZONE coalesce(nullif(a.time_zone, ''), 'America/New_York'))::date,
         count(*), sum(s.seconds_played), sum(s.hr_rise_count), sum(s.cool_down_count), sum(s.cool_down_seconds),
         sum(s.cooldown_event_count), sum(s.acorns_earned)
    FROM play_sessions s
    JOIN players p ON p.id = s.player_id
    JOIN accounts a ON a.id = p.account_id
   WHERE ids IS NULL OR s.player_id = ANY(ids)
   GROUP BY 1, 2;
  INSERT INTO play_week_rollups
    (player_id, week, sessions, seconds_played, hr_rises, cool_downs, cool_down_seconds, cooldown_events, acorns_earned)
  SELECT player_id, date_trunc('week', day)::date, sum(sessions), sum(seconds_played), sum(hr_rises), sum(cool_downs),
         sum(cool_down_seconds), sum(cooldown_events), sum(acorns_earned)
    FROM play_day_rollups
   WHERE ids IS NULL OR player_id = ANY(ids)
   GROUP BY 1, 2;
  UPDATE players SET play_version = play_version + 1 WHERE ids IS NULL OR id = ANY(ids);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION play_rollups_local_days_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'accounts' THEN
    PERFORM rebuild_play_rollups(ARRAY(SELECT id FROM players WHERE account_id = NEW.id));
  ELSE
    PERFORM rebuild_play_rollups(ARRAY[NEW.id]);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER accounts_play_rollups AFTER UPDATE OF time_zone ON accounts
  FOR EACH ROW WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone) EXECUTE FUNCTION play_rollups_local_days_moved();
--> statement-breakpoint
CREATE TRIGGER players_play_rollups AFTER UPDATE OF account_id ON players
  FOR EACH ROW WHEN (OLD.account_id IS DISTINCT FROM NEW.account_id) EXECUTE FUNCTION play_rollups_local_days_moved();
--> statement-breakpoint
SELECT rebuild_play_rollups(NULL);
