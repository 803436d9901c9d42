-- The game's upload in two statements, each planned once per connection
-- (docs/decisions/0064-ingest-throughput.md; modules/game/game.repository.ts calls them).
--
-- Their values are arrays (the upload's sessions and rows as columns), and for a statement with
-- values PostgreSQL compares a plan made for the values at hand with one made for any values; the
-- first always looks cheaper, because it knows how many elements the arrays hold, so every upload
-- was planned afresh, and planning was the largest part of the database's time per upload. One
-- plan fits every upload (index lookups by player, account and key, whatever the number of rows),
-- so these functions, and the rollup triggers' play_rollups_apply (migration 0015), keep the plan
-- they made once. This is each function's own setting, not the server's.
ALTER FUNCTION play_rollups_apply(integer, integer[], timestamptz[], integer[], integer[], integer[], integer[], integer[], integer[])
  SET plan_cache_mode = force_generic_plan;
--> statement-breakpoint
-- What an upload is checked against, in one statement: the account's players among p_players (with
-- their balance and play version), which of p_ids the account already has, and those players'
-- stored sessions that share some time with [p_from, p_to) (start as epoch milliseconds).
CREATE OR REPLACE FUNCTION game_upload_state(
  p_account integer, p_players integer[], p_ids text[], p_from timestamptz, p_to timestamptz
) RETURNS TABLE (kind text, player_id integer, acorns integer, play_version integer, game_session_id text,
                 start_ms float8, seconds integer)
LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  SELECT 'player'::text, p.id, p.acorns, p.play_version, null::text, null::float8, null::integer
    FROM players p
   WHERE p.account_id = p_account AND p.id = ANY(p_players)
  UNION ALL
  SELECT 'stored', null, null, null, s.game_session_id, null, null
    FROM play_sessions s
   WHERE s.account_id = p_account AND s.game_session_id = ANY(p_ids)
  UNION ALL
  SELECT 'window', s.player_id, null, null, s.game_session_id,
         floor(extract(epoch FROM s.period_datetime) * 1000)::float8, s.seconds_played
    FROM play_sessions s
   WHERE s.player_id = ANY(ARRAY(SELECT p.id FROM players p WHERE p.account_id = p_account AND p.id = ANY(p_players)))
     AND s.period_datetime < p_to
     AND s.period_datetime + s.seconds_played * interval '1 second' > p_from;
END $$;
--> statement-breakpoint
-- An upload's checked sessions, their rises, cooldowns and cooldown events, the players' acorns and
-- the device's last sighting, in one statement, only if every player of p_players is still at the
-- play version and balance read (locked in id order until the transaction ends). The first row
-- answers whether it was (ok); the others are the sessions inserted (one the account has by then is
-- left out: the unique index decides). Each row set comes as column arrays, unnested with
-- ordinality so ids follow the game's order; a row names its session by its place in the session
-- arrays (k, from 1). The rollup triggers fire once, at the end of the statement.
CREATE OR REPLACE FUNCTION game_write_upload(
  p_account integer, p_device integer, p_now timestamptz,
  p_players integer[], p_versions integer[], p_balances integer[],
  s_players integer[], s_ids text[], s_starts timestamptz[], s_seconds integer[], s_acorns integer[],
  s_rises integer[], s_cool_downs integer[], s_cool_down_seconds integer[], s_events integer[],
  r_sessions integer[], r_times timestamptz[], r_starts smallint[], r_peaks smallint[],
  c_sessions integer[], c_starts timestamptz[], c_ends timestamptz[], c_start_bpms smallint[], c_end_bpms smallint[],
  e_sessions integer[], e_times timestamptz[], e_types text[], e_bpms smallint[]
) RETURNS TABLE (ok boolean, id integer, game_session_id text)
LANGUAGE plpgsql VOLATILE SET plan_cache_mode = force_generic_plan AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  WITH locked AS (
    SELECT pl.id FROM players pl
      JOIN unnest(p_players, p_versions, p_balances) AS v(id, version, acorns) ON v.id = pl.id
     WHERE pl.account_id = p_account AND pl.play_version = v.version AND pl.acorns = v.acorns
     ORDER BY pl.id
       FOR UPDATE OF pl
  ), ready AS (
    SELECT count(*) = cardinality(p_players) AS ok FROM locked
  ), s AS (
    INSERT INTO play_sessions (account_id, player_id, device_id, game_session_id, period_datetime, seconds_played,
                               acorns_earned, hr_rise_count, cool_down_count, cool_down_seconds, cooldown_event_count)
    SELECT p_account, u.player_id, p_device, u.game_session_id, u.period_datetime, u.seconds_played, u.acorns_earned,
           u.hr_rises, u.cool_downs, u.cool_down_seconds, u.cooldown_events
      FROM unnest(s_players, s_ids, s_starts, s_seconds, s_acorns, s_rises, s_cool_downs, s_cool_down_seconds, s_events)
             WITH ORDINALITY AS u(player_id, game_session_id, period_datetime, seconds_played, acorns_earned, hr_rises,
                                  cool_downs, cool_down_seconds, cooldown_events, n)
     WHERE (SELECT ok FROM ready)
     ORDER BY u.n
    ON CONFLICT (account_id, game_session_id) DO NOTHING
    RETURNING play_sessions.id, play_sessions.player_id, play_sessions.game_session_id, play_sessions.acorns_earned
  ), rises AS (
    INSERT INTO hr_rises (player_id, session_id, occurred_at, start_bpm, peak_bpm)
    SELECT s.player_id, s.id, r.occurred_at, r.start_bpm, r.peak_bpm
      FROM unnest(r_sessions, r_times, r_starts, r_peaks) WITH ORDINALITY AS r(k, occurred_at, start_bpm, peak_bpm, n)
      JOIN s ON s.game_session_id = s_ids[r.k]
     ORDER BY r.n
  ), cools AS (
    INSERT INTO cool_downs (player_id, session_id, started_at, ended_at, start_bpm, end_bpm)
    SELECT s.player_id, s.id, c.started_at, c.ended_at, c.start_bpm, c.end_bpm
      FROM unnest(c_sessions, c_starts, c_ends, c_start_bpms, c_end_bpms)
             WITH ORDINALITY AS c(k, started_at, ended_at, start_bpm, end_bpm, n)
      JOIN s ON s.game_session_id = s_ids[c.k]
     ORDER BY c.n
  ), events AS (
    INSERT INTO cooldown_events (player_id, session_id, occurred_at, event_type, bpm)
    SELECT s.player_id, s.id, e.occurred_at, e.event_type, e.bpm
      FROM unnest(e_sessions, e_times, e_types, e_bpms) WITH ORDINALITY AS e(k, occurred_at, event_type, bpm, n)
      JOIN s ON s.game_session_id = s_ids[e.k]
     ORDER BY e.n
  ), acorns AS (
    UPDATE players pl SET acorns = pl.acorns + a.amount, updated_at = p_now
      FROM (SELECT s.player_id, sum(s.acorns_earned) AS amount FROM s GROUP BY s.player_id) a
     WHERE pl.id = a.player_id AND a.amount > 0
  ), touched AS (
    UPDATE devices d SET last_seen_at = p_now WHERE d.id = p_device AND (SELECT ok FROM ready)
  )
  SELECT (SELECT ok FROM ready), null::integer, null::text
  UNION ALL
  SELECT true, s.id, s.game_session_id FROM s;
END $$;
