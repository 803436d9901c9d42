/**
 * npm run rollups:rebuild — computes every player's play rollups afresh from the sessions
 * (migration 0015's rebuild_play_rollups). The database keeps them itself with every change of
 * play; this is the repair after a manual edit of play_sessions with the triggers off, and a
 * check: it prints how many rows changed.
 */
import { rowsOf } from './raw.ts';
import { openScriptDatabase } from './script-database.ts';

const { database } = await openScriptDatabase();
const started = Date.now();
// One transaction: the rows kept before, the rebuild, and how many rows it changed.
const [result] = rowsOf<{ rows: number; added: number; removed: number; players: number }>(
  await database.executeSql(`
    create temp table rollups_before on commit drop as
      select 'day' as kind, player_id, day as at, sessions, seconds_played, hr_rises, cool_downs, cool_down_seconds,
             cooldown_events, acorns_earned from play_day_rollups
      union all
      select 'week', player_id, week, sessions, seconds_played, hr_rises, cool_downs, cool_down_seconds,
             cooldown_events, acorns_earned from play_week_rollups;
    select rebuild_play_rollups(null);
    with after as (
      select 'day' as kind, player_id, day as at, sessions, seconds_played, hr_rises, cool_downs, cool_down_seconds,
             cooldown_events, acorns_earned from play_day_rollups
      union all
      select 'week', player_id, week, sessions, seconds_played, hr_rises, cool_downs, cool_down_seconds,
             cooldown_events, acorns_earned from play_week_rollups)
    select (select count(*) from after)::int as rows,
           (select count(*) from (select * from after except select * from rollups_before) a)::int as added,
           (select count(*) from (select * from rollups_before except select * from after) b)::int as removed,
           (select count(distinct player_id) from after)::int as players;
  `),
);
console.log(
  `Rebuilt ${result!.rows} rollup rows of ${result!.players} players in ${((Date.now() - started) / 1000).toFixed(1)} s: ` +
    (result!.added + result!.removed === 0
      ? 'they matched the sessions already.'
      : `${result!.added} rows were missing or wrong and are now written from the sessions; ${result!.removed} wrong rows are gone.`),
);
await database.close();
