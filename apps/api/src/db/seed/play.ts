import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Random } from '../../lib/random.ts';
import type { Executor } from '../client.ts';
import { rowsOf } from '../raw.ts';
import {
  accounts,
  experimentVariants,
  incompleteProfiles,
  playerStatChanges,
  remoteConfigs,
  surveyResponses,
  surveys,
  users,
} from '../schema/index.ts';
import type { SeedContext, SeededPlayer } from './context.ts';
import { CHILD_NAMES } from './names.ts';

/**
 * Demo play data for every seeded player, from the day they started to now:
 *
 * - 2–5 sessions a week (a weekly count, on distinct days, 15:00–20:00 local time), with holiday
 *   gaps (random weeks off, most of the Christmas week, some of July), each 10–30 minutes;
 * - play runs up to the moment the data is made (decision 0047), so that Home's week is not empty
 *   on a first start: the weeks of yesterday and today have no holiday, both days have a session
 *   (yesterday's in the afternoon; today's too, or earlier, from 07:00, when the afternoon is still
 *   to come), and every session ends at least 10 minutes before `now` (never in the future: the
 *   upload rules of play-plausibility.ts). Before 07:10 or so on a Monday, local time, the week has
 *   no session yet;
 * - more heart-rate rises early in the program and fewer later; cooldowns that follow a growing
 *   share of the rises and get faster over the first ~40 weeks; one cooldown event per rise
 *   (completed or skipped); acorns for minutes played and cooldowns done;
 * - staff reviews every 4–8 weeks that raise the chase speed and adjust the gauge (audit rows),
 *   an occasional acorn bonus;
 * - survey forms and responses, a few incomplete profiles, remote configs, experiment variants.
 *
 * The bulk (sessions, rises, cooldowns, events) is generated inside the database with
 * INSERT … SELECT generate_series, one statement per chunk of players (generatePlay), so 100,000
 * accounts on PostgreSQL stay a matter of minutes; the chunk's rollups are then built once from its
 * sessions (docs/decisions/0058-fast-first-start.md). Randomness inside SQL comes from hashint8 of per-player
 * seeds drawn from the seed's generator and of row ids, so the data is the same on every run.
 */
const PLAYERS_PER_STATEMENT = 400;
const INSERT_CHUNK = 1000;
/** Weeks until a player reaches their "later in the program" pattern. */
const RAMP_WEEKS = 40;
const DAY = 86_400_000;

async function inChunks<T>(items: T[], size: number, run: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += size) await run(items.slice(i, i + size));
}

const intArray = (values: number[]) => `{${values.join(',')}}`;

/** A deterministic number in [0, 1) from a seed expression and a salt (SQL). */
const rnd = (seed: SQL, salt: number) =>
  sql`((hashint8((${seed})::bigint * 31 + ${salt}::bigint * 1000000007) & 2147483647)::float8 / 2147483648.0)`;

/** Columns of one session, as the SQL around names them. */
interface SessionRefs {
  playerId: SQL;
  periodDatetime: SQL;
  seconds: SQL;
  rises: SQL;
  /** When the player started the program. */
  startedAt: SQL;
}

// Formulas shared by the session insert (its counts and cooldown total) and the detail inserts,
// so that hr_rise_count, cool_down_count and cool_down_seconds match the rows exactly.

/** 0 at the start of the program, 1 after RAMP_WEEKS. */
const progressOf = (r: SessionRefs) =>
  sql`least(1.0, extract(epoch from (${r.periodDatetime} - ${r.startedAt})) / (${RAMP_WEEKS}::float8 * 604800))`;
/** The n-th rise happens this many whole seconds into the session. */
const riseOffset = (r: SessionRefs, n: SQL) => sql`floor(${r.seconds} * (${n} - 0.5) / ${r.rises})`;
/** The n-th cooldown starts 12 s after its rise and lasts ~100 s early, ~35 s later on; never past the session's end. */
const coolDownSeconds = (r: SessionRefs, n: SQL) =>
  sql`least(round((100 - 65 * ${progressOf(r)}) * (0.7 + 0.6 * ${rnd(sql`${r.playerId}::bigint * 1000003 + extract(epoch from ${r.periodDatetime})::bigint * 17 + ${n}`, 13)})),
            ${r.seconds} - ${riseOffset(r, n)} - 12)::int`;

/**
 * A chunk's sessions with their rises, cooldowns and cooldown events, in one statement: the
 * sessions are computed once (materialized), inserted in time order per player, and the detail
 * rows are made from what that insert returns (data-modifying CTEs), in time order per player too.
 */
async function generatePlay(db: Executor, chunk: SeededPlayer[], seeds: number[], now: Date) {
  const week = sql`w.n`;
  const seed = (extra: SQL) => sql`(pl.seed + (${extra}) * 1000003)`;
  const daySeed = sql`(dy.seed + (dy.week_no * 7 + dy.day) * 1000003)`;
  const planned: SessionRefs = {
    playerId: sql`c.player_id`,
    periodDatetime: sql`c.period_datetime`,
    seconds: sql`c.seconds_played`,
    rises: sql`c.rises`,
    startedAt: sql`c.started_at`,
  };
  const refs: SessionRefs = {
    playerId: sql`s.player_id`,
    periodDatetime: sql`s.period_datetime`,
    seconds: sql`s.seconds_played`,
    rises: sql`s.hr_rise_count`,
    startedAt: sql`p.started_at`,
  };
  const n = sql`g.n`;
  const rowSeed = sql`s.id * 16 + g.n`;
  const riseAt = sql`s.period_datetime + ${riseOffset(refs, n)} * interval '1 second'`;
  const coolDownEnd = sql`${riseAt} + (12 + ${coolDownSeconds(refs, n)}) * interval '1 second'`;
  const sessionEnd = sql`s.period_datetime + s.seconds_played * interval '1 second'`;
  const details = (count: SQL) => sql`
      from s
      join plan p on p.player_id = s.player_id
     cross join lateral generate_series(1, ${count}) as g(n)
     order by s.player_id, s.period_datetime, g.n`;
  await db.execute(sql`
    with plan as materialized (
      -- Once per player (materialized: otherwise the device lookup would run once per session).
      select u.player_id, u.seed, p.created_at as started_at, p.account_id, a.time_zone as tz, d.id as device_id,
             -- The family's wall clock now, and the day before today (both local, without a zone).
             (${now.toISOString()}::timestamptz at time zone a.time_zone) as now_local,
             date_trunc('day', ${now.toISOString()}::timestamptz at time zone a.time_zone) - interval '1 day' as yesterday
        from unnest(${intArray(chunk.map((p) => p.id))}::int[], ${intArray(seeds)}::bigint[]) as u(player_id, seed)
        join players p on p.id = u.player_id
        join accounts a on a.id = p.account_id
        left join lateral (select dv.id from devices dv where dv.account_id = p.account_id order by dv.id limit 1) d on true
    ),
    weeks as (
      select pl.*, ${week} as week_no,
             date_trunc('week', pl.started_at at time zone pl.tz) + ${week} * interval '7 days' as monday,
             (2 + floor(${rnd(seed(week), 1)} * 4))::int as per_week
        from plan pl
       cross join lateral generate_series(0, (extract(epoch from (${now.toISOString()}::timestamptz - pl.started_at)) / 604800)::int + 1) as w(n)
    ),
    open_weeks as (
      -- Holidays: a random week off now and then, most Christmas weeks, a third of July; never in
      -- the weeks of yesterday and today.
      select wk.* from weeks wk
       where wk.monday >= date_trunc('week', wk.yesterday)
          or (${rnd(sql`(wk.seed + wk.week_no * 1000003)`, 2)} >= 0.06
              and not (extract(month from wk.monday + interval '3 days') = 12 and extract(day from wk.monday + interval '3 days') >= 21
                       and ${rnd(sql`(wk.seed + wk.week_no * 1000003)`, 3)} < 0.75)
              and not (extract(month from wk.monday) = 7 and ${rnd(sql`(wk.seed + wk.week_no * 1000003)`, 4)} < 0.35))
    ),
    days as (
      -- The week's days at random, yesterday and today first (per_week is at least 2).
      select wk.*, d.day
        from open_weeks wk
       cross join lateral (
         select g.day from generate_series(0, 6) as g(day)
          order by (wk.monday + g.day * interval '1 day' between wk.yesterday and wk.yesterday + interval '1 day') desc,
                   ${rnd(sql`(wk.seed + (wk.week_no * 7 + g.day) * 1000003)`, 5)}
          limit wk.per_week
       ) d
    ),
    timed as materialized (
      -- Materialized, like placed below: each expression is computed once per session, not once
      -- per place the statement uses it.
      select dy.player_id, dy.account_id, dy.device_id, dy.started_at, dy.tz, dy.now_local, dy.week_no, dy.day,
             dy.monday + dy.day * interval '1 day' as day_start,
             dy.monday + dy.day * interval '1 day' + interval '15 hours'
               + floor(${rnd(daySeed, 6)} * 300) * interval '1 minute' as afternoon,
             (600 + floor(${rnd(daySeed, 7)} * 1201))::int as seconds_played,
             ${rnd(daySeed, 8)} as r_rises,
             ${rnd(daySeed, 9)} as r_cool,
             ${rnd(daySeed, 10)} as r_today
        from days dy
    ),
    placed as materialized (
      -- A session of today whose afternoon slot has not ended 10 minutes before now moves earlier
      -- in the day, between 07:00 and then; with no room for it (early morning) it is left out below.
      select t.*,
             (case
                when t.afternoon + (t.seconds_played + 600) * interval '1 second' > t.now_local
                 and t.day_start = date_trunc('day', t.now_local)
                 and t.now_local - (t.seconds_played + 600) * interval '1 second' >= t.day_start + interval '7 hours'
                then date_trunc('minute', t.day_start + interval '7 hours'
                       + t.r_today * (t.now_local - (t.seconds_played + 600) * interval '1 second' - t.day_start - interval '7 hours'))
                else t.afternoon
              end) at time zone t.tz as period_datetime
        from timed t
    ),
    progressed as (
      select t.*, least(1.0, extract(epoch from (t.period_datetime - t.started_at)) / (${RAMP_WEEKS}::float8 * 604800)) as progress
        from placed t
       where t.period_datetime >= t.started_at
         and t.period_datetime + t.seconds_played * interval '1 second' <= ${now.toISOString()}::timestamptz - interval '10 minutes'
    ),
    counted as (
      select pr.*, greatest(0, round((5.5 - 4 * pr.progress) * (0.4 + 1.2 * pr.r_rises)))::int as rises
        from progressed pr
    ),
    c as (
      select ct.*, least(ct.rises, floor(ct.rises * (0.55 + 0.4 * ct.progress) + ct.r_cool)::int) as cools
        from counted ct
    ),
    s as (
      insert into play_sessions
        (account_id, player_id, device_id, game_session_id, period_datetime, seconds_played, acorns_earned,
         hr_rise_count, cool_down_count, cool_down_seconds, cooldown_event_count, created_at)
      select c.account_id, c.player_id, c.device_id,
             'demo-' || c.player_id || '-' || c.week_no || '-' || c.day,
             c.period_datetime, c.seconds_played,
             c.seconds_played / 60 + 3 * c.cools,
             c.rises,
             c.cools,
             (select coalesce(sum(${coolDownSeconds(planned, sql`g.n`)}), 0) from generate_series(1, c.cools) as g(n)),
             c.rises,
             c.period_datetime + c.seconds_played * interval '1 second'
        from c
       order by c.player_id, c.period_datetime
      returning id, player_id, period_datetime, seconds_played, hr_rise_count, cool_down_count
    ),
    rises as (
      insert into hr_rises (player_id, session_id, occurred_at, start_bpm, peak_bpm)
      select s.player_id, s.id, ${riseAt},
             (82 + floor(${rnd(rowSeed, 11)} * 16))::int,
             (82 + floor(${rnd(rowSeed, 11)} * 16) + 15 + floor(${rnd(rowSeed, 12)} * (45 - 20 * ${progressOf(refs)})))::int
      ${details(sql`s.hr_rise_count`)}
    ),
    cools as (
      insert into cool_downs (player_id, session_id, started_at, ended_at, start_bpm, end_bpm)
      select s.player_id, s.id, ${riseAt} + interval '12 seconds', ${coolDownEnd},
             (110 + floor(${rnd(rowSeed, 14)} * 25))::int,
             (84 + floor(${rnd(rowSeed, 15)} * 12))::int
      ${details(sql`s.cool_down_count`)}
    )
    -- One event per rise: the cooldown it led to was completed, or the prompt was skipped.
    insert into cooldown_events (player_id, session_id, occurred_at, event_type, bpm)
    select s.player_id, s.id,
           case when g.n <= s.cool_down_count then ${coolDownEnd} else least(${riseAt} + interval '30 seconds', ${sessionEnd}) end,
           case when g.n <= s.cool_down_count then 'completed' else 'skipped' end,
           (88 + floor(${rnd(rowSeed, 16)} * 20))::int
    ${details(sql`s.hr_rise_count`)}`);
}

const FASTER = ['Ready for a faster chase', 'Great progress on cooldowns', 'Monthly coach review'];
const SLOWER = ['Parent asked for a gentler start', 'Adjusted after the check-in call'];
const GAUGE = ['Monthly coach review', 'Adjusted after the check-in call', 'Gauge tuned to recent sessions'];

interface StatChange {
  playerId: number;
  field: 'hr_gauge' | 'chase_speed';
  oldValue: number;
  newValue: number;
  reason: string;
  changedBy: number;
  createdAt: Date;
}

/** Staff reviews every 4–8 weeks: chase speed mostly goes up, the gauge moves either way. */
function planReviews(rng: Random, player: SeededPlayer, staffIds: number[], now: Date) {
  let chase = rng.int(2, 4);
  let gauge = rng.int(3, 5);
  const changes: StatChange[] = [];
  for (
    let at = player.startedAt.getTime() + rng.int(21, 35) * DAY;
    at < now.getTime() - DAY;
    at += rng.int(28, 56) * DAY
  ) {
    const changedBy = rng.pick(staffIds);
    const createdAt = new Date(at + rng.int(9, 17) * 3_600_000);
    const roll = rng.next();
    if (roll < 0.6 && chase < 10) {
      changes.push({
        playerId: player.id,
        field: 'chase_speed',
        oldValue: chase,
        newValue: chase + 1,
        reason: rng.pick(FASTER),
        changedBy,
        createdAt,
      });
      chase += 1;
    } else if (roll < 0.68 && chase > 1) {
      changes.push({
        playerId: player.id,
        field: 'chase_speed',
        oldValue: chase,
        newValue: chase - 1,
        reason: rng.pick(SLOWER),
        changedBy,
        createdAt,
      });
      chase -= 1;
    }
    if (rng.chance(0.45)) {
      const next = Math.min(8, Math.max(2, gauge + (rng.chance(0.6) ? 1 : -1)));
      if (next !== gauge) {
        changes.push({
          playerId: player.id,
          field: 'hr_gauge',
          oldValue: gauge,
          newValue: next,
          reason: rng.pick(GAUGE),
          changedBy,
          createdAt: new Date(createdAt.getTime() + 60_000),
        });
        gauge = next;
      }
    }
  }
  return { chase, gauge, changes };
}

/**
 * The survey forms, in English with their Spanish words (`translations`, by question id; the
 * contract's surveyTranslation in packages/domain/src/api/surveys.ts): answers are kept by question
 * id whatever language the form was read in.
 */
export const SURVEYS = [
  {
    slug: 'intake',
    title: 'Intake questionnaire',
    payload: {
      questions: [
        { id: 'frustration', text: 'How does your child usually handle frustration?', type: 'scale', min: 1, max: 5 },
        { id: 'goals', text: 'What would you most like to see change?', type: 'text' },
        { id: 'screen_time', text: 'Daily screen time (hours)', type: 'number' },
      ],
      translations: {
        es: {
          title: 'Cuestionario inicial',
          questions: [
            { id: 'frustration', text: '¿Cómo suele manejar la frustración su hijo o hija?' },
            { id: 'goals', text: '¿Qué es lo que más le gustaría que cambiara?' },
            { id: 'screen_time', text: 'Tiempo diario frente a pantallas (horas)' },
          ],
        },
      },
    },
  },
  {
    slug: 'monthly-check-in',
    title: 'Monthly check-in',
    payload: {
      // Due again 30 days after each answer (packages/domain/src/surveys.ts).
      repeat_days: 30,
      questions: [
        {
          id: 'calm',
          text: 'How often did your child calm down on their own this month?',
          type: 'scale',
          min: 1,
          max: 5,
        },
        { id: 'notes', text: 'Anything your coach should know?', type: 'text' },
      ],
      translations: {
        es: {
          title: 'Seguimiento mensual',
          questions: [
            { id: 'calm', text: '¿Con qué frecuencia logró calmarse su hijo o hija sin ayuda este mes?' },
            { id: 'notes', text: '¿Hay algo que su coach deba saber?' },
          ],
        },
      },
    },
  },
];
const GOALS = [
  'Fewer meltdowns at homework time',
  'Calmer mornings',
  'Handling losing a game',
  'Better sleep routine',
  'Less yelling between siblings',
];

async function seedSurveysAndProfiles(ctx: SeedContext) {
  const { db, rng, now } = ctx;
  const [intake, checkIn] = await db
    .insert(surveys)
    .values([
      ...SURVEYS,
      { slug: 'pilot-2023', title: 'Pilot feedback (closed)', payload: { questions: [] }, isActive: false },
    ])
    .onConflictDoNothing()
    .returning({ id: surveys.id });
  if (!intake || !checkIn) return;

  const byAccount = new Map<number, SeededPlayer[]>();
  for (const player of ctx.players)
    byAccount.set(player.accountId, [...(byAccount.get(player.accountId) ?? []), player]);

  await inChunks(ctx.accountIds, INSERT_CHUNK, async (accountIds) => {
    const parentRows = await db
      .select({ id: users.id, accountId: users.accountId })
      .from(users)
      .where(inArray(users.accountId, accountIds))
      .orderBy(asc(users.id));
    const parentOf = new Map<number, number>();
    for (const row of parentRows)
      if (row.accountId !== null && !parentOf.has(row.accountId)) parentOf.set(row.accountId, row.id);

    const responses: (typeof surveyResponses.$inferInsert)[] = [];
    const profiles: (typeof incompleteProfiles.$inferInsert)[] = [];
    for (const accountId of accountIds) {
      const family = byAccount.get(accountId) ?? [];
      const userId = parentOf.get(accountId) ?? null;
      if (family.length === 0) continue;
      for (const player of family) {
        const filled = new Date(player.startedAt.getTime() + rng.int(1, 5) * DAY);
        responses.push({
          surveyId: intake.id,
          accountId,
          userId,
          playerId: player.id,
          playerName: player.name,
          payload: { frustration: rng.int(1, 5), goals: rng.pick(GOALS), screen_time: rng.int(1, 5) },
          createdAt: filled,
        });
        for (let at = filled.getTime() + 30 * DAY; at < now.getTime() && rng.chance(0.5); at += 30 * DAY) {
          responses.push({
            surveyId: checkIn.id,
            accountId,
            userId,
            playerId: player.id,
            playerName: player.name,
            payload: { calm: rng.int(2, 5), notes: rng.chance(0.3) ? 'Using the breathing trick at school.' : '' },
            createdAt: new Date(at),
          });
        }
      }
      // Some families named a child in the intake form who has no player yet.
      if (rng.chance(0.12)) {
        const taken = new Set(family.map((p) => p.name.toLowerCase()));
        const free = CHILD_NAMES.filter((n) => !taken.has(n.toLowerCase()));
        const name = rng.pick(free);
        const filled = new Date(now.getTime() - rng.int(2, 60) * DAY);
        profiles.push({ accountId, playerName: name, createdAt: filled });
        responses.push({
          surveyId: intake.id,
          accountId,
          userId,
          playerId: null,
          playerName: name,
          payload: { frustration: rng.int(1, 5), goals: rng.pick(GOALS), screen_time: rng.int(1, 5) },
          createdAt: filled,
        });
      }
    }
    await inChunks(responses, INSERT_CHUNK, (rows) => db.insert(surveyResponses).values(rows));
    await inChunks(profiles, INSERT_CHUNK, (rows) => db.insert(incompleteProfiles).values(rows));
  });
}

const CAMPAIGNS = [
  { name: 'home_goal_banner', variants: ['control', 'streaks'], share: 1 },
  { name: 'cooldown_coach_voice', variants: ['calm', 'playful'], share: 0.5 },
];
const WORLDS = ['forest', 'river', 'canyon', 'glacier', 'volcano'];

async function seedConfigsAndExperiments(ctx: SeedContext) {
  const { db, rng } = ctx;
  const variants: (typeof experimentVariants.$inferInsert)[] = [];
  for (const player of ctx.players) {
    for (const campaign of CAMPAIGNS) {
      if (!rng.chance(campaign.share)) continue;
      variants.push({
        playerId: player.id,
        campaignName: campaign.name,
        variantName: rng.pick(campaign.variants),
        assignedAt: new Date(player.startedAt.getTime() + rng.int(0, 14) * DAY),
      });
    }
  }
  await inChunks(variants, INSERT_CHUNK, (rows) => db.insert(experimentVariants).values(rows));

  const withPlayers = [...new Set(ctx.players.map((p) => p.accountId))];
  const configs: (typeof remoteConfigs.$inferInsert)[] = [];
  const flagged: number[] = [];
  for (const accountId of withPlayers) {
    const reached = rng.int(1, WORLDS.length);
    configs.push({
      accountId,
      configName: 'metagame',
      configValue: {
        world: WORLDS[reached - 1],
        unlocked_worlds: WORLDS.slice(0, reached),
        companion: rng.pick(['fox', 'owl', 'otter']),
        daily_acorn_cap: 200,
      },
    });
    if (rng.chance(0.3))
      configs.push({ accountId, configName: 'audio', configValue: { music: rng.chance(0.7), voice_prompts: true } });
    if (rng.chance(0.2)) flagged.push(accountId);
  }
  await inChunks(configs, INSERT_CHUNK, (rows) => db.insert(remoteConfigs).values(rows));
  await inChunks(flagged, INSERT_CHUNK, (ids) =>
    db
      .update(accounts)
      .set({ experimentalData: { beta_stats_screen: true, weekly_goal_minutes: 45 } })
      .where(inArray(accounts.id, ids)),
  );
}

async function seedReviews(ctx: SeedContext, staffIds: number[]) {
  const { db, rng, now } = ctx;
  await inChunks(ctx.players, INSERT_CHUNK, async (chunk) => {
    const changes: StatChange[] = [];
    const finals: { id: number; chase: number; gauge: number }[] = [];
    for (const player of chunk) {
      const plan = planReviews(rng, player, staffIds, now);
      changes.push(...plan.changes);
      finals.push({ id: player.id, chase: plan.chase, gauge: plan.gauge });
    }
    await inChunks(changes, INSERT_CHUNK, (rows) => db.insert(playerStatChanges).values(rows));
    await db.execute(sql`
      update players p set chase_speed = f.chase, hr_gauge = f.gauge
        from unnest(${intArray(finals.map((f) => f.id))}::int[], ${intArray(finals.map((f) => f.chase))}::int[], ${intArray(finals.map((f) => f.gauge))}::int[])
             as f(id, chase, gauge)
       where p.id = f.id`);
  });
}

/** Acorn balances: everything earned in play plus an occasional staff bonus (audited). */
async function seedAcorns(db: Executor, ids: number[], staffId: number, now: Date) {
  const players = sql`${intArray(ids)}::int[]`;
  await db.execute(sql`
    insert into player_stat_changes (player_id, field, old_value, new_value, reason, changed_by, created_at)
    select b.player_id, 'acorns', b.earned, b.earned + 50, 'Birthday bonus', ${staffId}, b.at
      from (
        select s.player_id, least(s.period_datetime + interval '1 day', ${now.toISOString()}::timestamptz) as at,
               sum(s.acorns_earned) over (partition by s.player_id order by s.period_datetime, s.id)::int as earned,
               row_number() over (partition by s.player_id order by s.period_datetime, s.id) as k,
               count(*) over (partition by s.player_id) as total
          from play_sessions s
         where s.player_id = any(${players})
      ) b
     where b.k = greatest(1, b.total / 2)
       and ${rnd(sql`b.player_id`, 21)} < 0.2`);
  await db.execute(sql`
    update players p
       set acorns = coalesce((select sum(s.acorns_earned) from play_sessions s where s.player_id = p.id), 0)
                  + coalesce((select sum(c.new_value - c.old_value) from player_stat_changes c where c.player_id = p.id and c.field = 'acorns'), 0)
     where p.id = any(${players})`);
}

export async function seedPlayData(ctx: SeedContext): Promise<void> {
  const { db, rng, now, log } = ctx;
  const staff = await db.select({ id: users.id }).from(users).where(eq(users.isStaff, true)).orderBy(asc(users.id));
  const staffIds = staff.map((s) => s.id);
  if (staffIds.length === 0) throw new Error('The play data seeder needs the staff users of the core seed.');
  const started = Date.now();
  const superuser = rowsOf<{ superuser: boolean }>(
    await db.execute(sql`select current_setting('is_superuser') = 'on' as superuser`),
  )[0]?.superuser;

  // The chunks run one after the other: the whole seed is one transaction on one connection
  // (seed/index.ts), and each chunk is a savepoint in it.
  let done = 0;
  for (let i = 0; i < ctx.players.length; i += PLAYERS_PER_STATEMENT) {
    const chunk = ctx.players.slice(i, i + PLAYERS_PER_STATEMENT);
    const seeds = chunk.map(() => rng.int(1, 2_000_000_000));
    const ids = chunk.map((p) => p.id);
    await db.transaction(async (tx) => {
      // The statements' cost estimates are huge (generate_series per row), which would make
      // PostgreSQL JIT-compile each of them for longer than they run.
      await tx.execute(sql`set local jit = off`);
      // The rollups are built once from the chunk's sessions below, not folded in by the statement
      // trigger (migration 0016). As a superuser (always on PGlite) the bulk inserts also skip the
      // per-row foreign key checks: every row's player, account and session come from the rows this
      // transaction has just written (docs/decisions/0058-fast-first-start.md).
      await tx.execute(sql`set local grove.defer_play_rollups = 'on'`);
      if (superuser) await tx.execute(sql`set local session_replication_role = replica`);
      await generatePlay(tx, chunk, seeds, now);
      if (superuser) await tx.execute(sql`set local session_replication_role = origin`);
      await tx.execute(sql`set local grove.defer_play_rollups = 'off'`);
      // Fresh statistics, or the planner may scan the whole, fast-growing table per player.
      await tx.execute(sql`analyze play_sessions`);
      await tx.execute(sql`select rebuild_play_rollups(${intArray(ids)}::int[])`);
      await seedAcorns(tx, ids, staffIds[0]!, now);
    });
    done += chunk.length;
    if (ctx.players.length > PLAYERS_PER_STATEMENT)
      log(`play data: ${done}/${ctx.players.length} players (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
  await seedReviews(ctx, staffIds);
  await seedSurveysAndProfiles(ctx);
  await seedConfigsAndExperiments(ctx);
  log(`seeded play data for ${ctx.players.length} players in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
