-- The demo seed writes tens of thousands of sessions per statement and then builds their rollups
-- once, from the sessions (rebuild_play_rollups), instead of having this trigger fold each
-- statement's rows in (docs/decisions/0058-fast-first-start.md). It says so for its own
-- transaction only: `set local grove.defer_play_rollups = 'on'`. Every other writer — uploads,
-- retention, erasure, a repair in SQL — leaves the setting unset and keeps the rollups as before
-- (migration 0015, docs/decisions/0056-play-rollups.md).
CREATE OR REPLACE FUNCTION play_rollups_from_sessions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('grove.defer_play_rollups', true) = 'on' THEN
    RETURN NULL;
  END IF;
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
