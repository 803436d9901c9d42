import { DATA_EXPORT, DATA_RIGHTS_MESSAGES } from '@grove/domain/data-rights';
import { formatDateTime } from '@grove/domain';
import { eq, getTableColumns, getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema/index.ts';
import { dataExports, emailOutbox } from '../../db/schema/index.ts';
import { authHeaders, createParent, createStaff, issueAccessToken } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { emailsTo } from '../../../test/outbox.ts';
import type { EmailSender } from '../../adapters/email/email.port.ts';
import { EXPORTED_TABLES, inPlayerScope, NOT_EXPORTED } from './exports.repository.ts';
import {
  buildExport,
  EXPORT_JOB,
  EXPORT_JOB_OPTIONS,
  EXPORT_STALE_HOURS,
  EXPORT_SWEEP,
  listExports,
  runExportJob,
  type ExportsDeps,
} from './exports.service.ts';
import { createFamily, peopleOf, type Family } from './exports.test-support.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const NOT_FOUND = { detail: 'Not found.', code: 'not_found' };
const MISSING = 2_147_483_647;
const HOUR = 3_600_000;
const CSV_FILES = {
  'sessions.csv': 'play_sessions',
  'hr_rises.csv': 'hr_rises',
  'cool_downs.csv': 'cool_downs',
  'cooldown_events.csv': 'cooldown_events',
} as const;

const exportsUrl = (accountId: number) => `/api/v2/user/accounts/${accountId}/exports`;
const downloadUrl = (accountId: number, exportId: number) => `${exportsUrl(accountId)}/${exportId}/download`;

const ask = (accountId: number, headers: Record<string, string>, body: object = {}) =>
  t.app.inject({ method: 'POST', url: exportsUrl(accountId), headers, payload: body });
const download = (accountId: number, exportId: number, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: downloadUrl(accountId, exportId), headers });
const runJobs = () => t.app.jobs.drain(EXPORT_JOB, { includeFuture: true });

async function requested(f: Family, body: object = {}) {
  const res = await ask(f.accountId, f.parent.headers, body);
  expect(res.statusCode, res.body).toBe(202);
  return res.json() as { id: number; status: string; download_url: string | null };
}

type Zip = { files: Record<string, string>; data: Record<string, Record<string, unknown>[]> };

/** Downloads a finished export and opens it. */
async function opened(f: Family, exportId: number): Promise<Zip> {
  const res = await download(f.accountId, exportId, f.parent.headers);
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  const entries = unzipSync(new Uint8Array(res.rawPayload));
  const files = Object.fromEntries(Object.entries(entries).map(([name, bytes]) => [name, strFromU8(bytes)]));
  return { files, data: JSON.parse(files['data.json']!) };
}

/** The schema's tables: name → column names. */
const TABLES = new Map(
  (Object.values(schema).filter((value) => is(value, PgTable)) as PgTable[]).map((table) => [
    getTableName(table),
    Object.values(getTableColumns(table)).map((column) => column.name),
  ]),
);
const hasColumn = (table: string, column: string) => TABLES.get(table)!.includes(column);

async function sqlRows(text: string): Promise<Record<string, unknown>[]> {
  return (await t.database.executeSql(text)).rows;
}

/**
 * Which rows of each table belong to a player, or to an account, written out here once more from
 * the tables' columns (not from the export's own catalogue): a player's rows name the player; an
 * account's rows name the account, one of its people, or a row of it.
 */
function playerRule(table: string, playerId: number): string {
  if (table === 'players') return `id = ${playerId}`;
  if (table === 'share_link_views')
    return `share_link_id in (select id from share_links where player_id = ${playerId})`;
  return `player_id = ${playerId}`;
}
function accountRule(table: string, accountId: number): string {
  const people = `(select id from users where account_id = ${accountId})`;
  const overrides: Record<string, string> = {
    accounts: `id = ${accountId}`,
    share_link_views: `share_link_id in (select id from share_links where account_id = ${accountId})`,
    refunds: `invoice_id in (select id from invoices where account_id = ${accountId})`,
    hr_rises: `player_id in (select id from players where account_id = ${accountId})`,
    cool_downs: `player_id in (select id from players where account_id = ${accountId})`,
    cooldown_events: `player_id in (select id from players where account_id = ${accountId})`,
    player_stat_changes: `player_id in (select id from players where account_id = ${accountId})`,
    experiment_variants: `player_id in (select id from players where account_id = ${accountId})`,
    play_day_rollups: `player_id in (select id from players where account_id = ${accountId})`,
    play_week_rollups: `player_id in (select id from players where account_id = ${accountId})`,
    orders: `account_id = ${accountId} or user_id in ${people}`,
    support_tickets: `account_id = ${accountId} or requester_user_id in ${people}`,
    sms_outbox: `user_id in ${people} or sender_user_id in ${people}`,
  };
  if (overrides[table]) return overrides[table];
  if (hasColumn(table, 'account_id')) return `account_id = ${accountId}`;
  if (hasColumn(table, 'user_id')) return `user_id in ${people}`;
  throw new Error(`no account rule for ${table}`);
}

/** The rows' ids (tables with one) or their number, straight from the database. */
async function expectedRows(table: string, rule: string) {
  if (hasColumn(table, 'id')) {
    const rows = await sqlRows(`select id::text as id from ${table} where ${rule}`);
    return { count: rows.length, ids: rows.map((row) => String(row.id)).sort() };
  }
  const [row] = await sqlRows(`select count(*)::int as n from ${table} where ${rule}`);
  return { count: Number(row!.n), ids: null };
}

const idsOf = (rows: Record<string, unknown>[]) => rows.map((row) => String(row.id)).sort();
const csvRows = (text: string) => text.split('\n').filter((line) => line !== '').length - 1;

describe('what an export holds', () => {
  it('lists every table of the schema once: exported, or left out with a reason', () => {
    const exported = EXPORTED_TABLES.map((table) => table.name);
    const left = Object.keys(NOT_EXPORTED);
    expect([...exported, ...left].sort()).toEqual([...TABLES.keys()].sort());
    expect(new Set(exported).size).toBe(exported.length);
    for (const reason of Object.values(NOT_EXPORTED)) expect(reason.length).toBeGreaterThan(15);
    // A table that names a player is part of that player's copy.
    const playerTables = [...TABLES.keys()].filter((name) => hasColumn(name, 'player_id'));
    expect(
      EXPORTED_TABLES.filter(inPlayerScope)
        .map((table) => table.name)
        .sort(),
    ).toEqual([...playerTables, 'players', 'share_link_views'].sort());
    // No column that holds a secret is written; every left-out column says why.
    for (const table of EXPORTED_TABLES) {
      expect(
        table.columns.filter((column) => /password|token|secret|content/.test(column)),
        table.name,
      ).toEqual([]);
      for (const reason of Object.values(table.leftOut)) expect(reason.length).toBeGreaterThan(15);
    }
  });

  it('a player’s copy holds every row of that player in every table, and nothing of anyone else', async () => {
    const f = await createFamily(t.db);
    const other = await createFamily(t.db, ['Noor Haddad', 'Ravi Haddad']);
    const asked = await requested(f, { player_id: f.maya.id });
    expect(asked).toMatchObject({ status: 'queued', download_url: null });

    const tables = EXPORTED_TABLES.filter(inPlayerScope).map((table) => table.name);
    const expected = new Map<string, Awaited<ReturnType<typeof expectedRows>>>();
    for (const table of tables) expected.set(table, await expectedRows(table, playerRule(table, f.maya.id)));

    expect(await runJobs()).toBe(1);
    const zip = await opened(f, asked.id);
    expect(Object.keys(zip.files).sort()).toEqual(['README.txt', 'data.json', ...Object.keys(CSV_FILES)].sort());
    expect(Object.keys(zip.data).sort()).toEqual([...tables].sort());

    const others = new Set([f.eli.id, other.maya.id, other.eli.id]);
    const [row] = await t.db.select().from(dataExports).where(eq(dataExports.id, asked.id));
    for (const table of tables) {
      const rows = zip.data[table]!;
      const want = expected.get(table)!;
      expect(rows.length, table).toBe(want.count);
      expect(rows.length, `${table}: the test data has rows of it`).toBeGreaterThan(0);
      expect(row!.rowCounts![table], table).toBe(want.count);
      if (want.ids && 'id' in rows[0]!) expect(idsOf(rows), table).toEqual(want.ids);
      for (const r of rows) {
        if ('player_id' in r) expect(r.player_id, table).toBe(f.maya.id);
        if ('account_id' in r) expect(r.account_id, table).toBe(f.accountId);
        expect(others.has(r.player_id as number)).toBe(false);
      }
    }
    expect(zip.data.players!.map((p) => p.name)).toEqual(['Maya Lopez']);
    for (const [file, table] of Object.entries(CSV_FILES)) {
      expect(csvRows(zip.files[file]!), file).toBe(expected.get(table)!.count);
      expect(zip.files[file]!.split('\n')[0]).toBe(['player_name', ...Object.keys(zip.data[table]![0]!)].join(','));
      expect(zip.files[file]).not.toContain('Eli');
    }
    expect(zip.files['sessions.csv']!.split('\n')[1]).toMatch(/^Maya Lopez,\d+,/);
    expect(row).toMatchObject({
      status: 'ready',
      fileName: `grove-maya-lopez-${row!.readyAt!.toISOString().slice(0, 10)}.zip`,
      sizeBytes: row!.content!.byteLength,
    });
    expect(row!.expiresAt!.getTime() - row!.readyAt!.getTime()).toBe(DATA_EXPORT.linkHours * HOUR);
    for (const secret of f.secrets) {
      for (const [name, text] of Object.entries(zip.files))
        expect(text, `${name} holds a secret`).not.toContain(secret);
    }
    expect(zip.files['README.txt']).toContain('share_links.token_hash');
  });

  it('the account’s copy holds every table of the account and nothing of another account, without secrets', async () => {
    const f = await createFamily(t.db);
    const other = await createFamily(t.db, ['Noor Haddad', 'Ravi Haddad']);
    const asked = await requested(f);
    const expected = new Map<string, Awaited<ReturnType<typeof expectedRows>>>();
    for (const table of EXPORTED_TABLES) {
      expected.set(table.name, await expectedRows(table.name, accountRule(table.name, f.accountId)));
    }
    expect(await runJobs()).toBe(1);
    const zip = await opened(f, asked.id);
    expect(Object.keys(zip.data)).toEqual(EXPORTED_TABLES.map((table) => table.name));

    const people = new Set(await peopleOf(t.db, f.accountId));
    const theirPeople = new Set(await peopleOf(t.db, other.accountId));
    const players = new Set([f.maya.id, f.eli.id]);
    for (const table of EXPORTED_TABLES) {
      const rows = zip.data[table.name]!;
      const want = expected.get(table.name)!;
      expect(rows.length, table.name).toBe(want.count);
      expect(rows.length, `${table.name}: the test data has rows of it`).toBeGreaterThan(0);
      if (want.ids && 'id' in rows[0]!) expect(idsOf(rows), table.name).toEqual(want.ids);
      for (const r of rows) {
        if (r.account_id !== undefined && r.account_id !== null) expect(r.account_id, table.name).toBe(f.accountId);
        if (r.player_id !== undefined && r.player_id !== null) expect(players.has(r.player_id as number)).toBe(true);
        if (typeof r.user_id === 'number') {
          expect(people.has(r.user_id), table.name).toBe(true);
          expect(theirPeople.has(r.user_id)).toBe(false);
        }
      }
      // Exactly the written columns: none left out sneaks in.
      for (const r of rows) expect(Object.keys(r), table.name).toEqual(table.columns);
    }
    expect(zip.data.accounts!.map((a) => a.id)).toEqual([f.accountId]);
    expect(zip.data.users!.map((u) => u.id).sort()).toEqual([f.parent.user.id, f.caregiver.id].sort());
    expect(zip.data.payment_customers![0]).toMatchObject({ brand: 'visa', last4: '4242' });
    expect(String(zip.data.email_outbox![0]!.text_body)).toContain('o=removed-after-delivery');
    for (const [file, table] of Object.entries(CSV_FILES)) {
      expect(csvRows(zip.files[file]!), file).toBe(expected.get(table)!.count);
    }

    const everything = Object.values(zip.files).join('\n');
    for (const secret of f.secrets) expect(everything).not.toContain(secret);
    for (const name of ['Noor', 'Ravi', other.parent.user.email]) expect(everything).not.toContain(name);
    for (const column of ['password_hash', 'token_hash', 'secrets', 'actor_email', 'customer_id', 'method_id']) {
      expect(zip.files['data.json']).not.toContain(`"${column}"`);
    }
    const readme = zip.files['README.txt']!;
    for (const words of ['data.json', 'sessions.csv', 'cooldown_events.csv', 'users.password_hash', 'auth_tokens']) {
      expect(readme).toContain(words);
    }
  });

  it('exports a player with 20 000 sessions, read in pages, with every row counted', { timeout: 240_000 }, async () => {
    const f = await createFamily(t.db);
    const before = (await expectedRows('play_sessions', `player_id = ${f.maya.id}`)).count;
    await t.database.executeSql(
      `insert into play_sessions (account_id, player_id, game_session_id, period_datetime, seconds_played, hr_rise_count)
       select ${f.accountId}, ${f.maya.id}, 'bulk-' || g, timestamptz '2023-01-01' + g * interval '20 minutes', 600, 1
         from generate_series(1, 20000) g`,
    );
    await t.database.executeSql(
      `insert into hr_rises (player_id, session_id, occurred_at, start_bpm, peak_bpm)
       select player_id, id, period_datetime, 90, 125 from play_sessions where game_session_id like 'bulk-%' and player_id = ${f.maya.id}`,
    );
    const asked = await requested(f, { player_id: f.maya.id });
    await runJobs();
    const zip = await opened(f, asked.id);
    const [row] = await t.db.select().from(dataExports).where(eq(dataExports.id, asked.id));
    expect(zip.data.play_sessions!.length).toBe(before + 20_000);
    expect(new Set(idsOf(zip.data.play_sessions!)).size).toBe(before + 20_000);
    expect(zip.data.hr_rises!.length).toBe(6 + 20_000);
    expect(row!.rowCounts).toMatchObject({ play_sessions: before + 20_000, hr_rises: 20_006 });
    expect(csvRows(zip.files['sessions.csv']!)).toBe(before + 20_000);
    expect(csvRows(zip.files['hr_rises.csv']!)).toBe(20_006);
  });
});

describe('asking for an export', () => {
  it('answers 202 to the account’s members, 404 to a coach and another family as for a missing account, 403 to staff, 401 to nobody', async () => {
    const f = await createFamily(t.db);
    const stranger = await createParent(t.db, { players: ['Noor'] });
    const staff = await createStaff(t.db);
    const missing = await ask(MISSING, f.parent.headers);
    expect([missing.statusCode, missing.json()]).toEqual([404, NOT_FOUND]);
    for (const headers of [stranger.headers, f.coach.headers]) {
      const res = await ask(f.accountId, headers);
      expect([res.statusCode, res.json()]).toEqual([404, NOT_FOUND]);
    }
    const refused = await ask(f.accountId, staff.headers);
    expect(refused.statusCode).toBe(403);
    expect((await ask(MISSING, staff.headers)).statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: 'POST', url: exportsUrl(f.accountId), payload: {} });
    expect(anonymous.statusCode).toBe(401);
    expect(await t.db.select().from(dataExports).where(eq(dataExports.status, 'queued'))).toEqual([]);

    // The caregiver is a member too, and asks for the account's copy.
    const caregiver = authHeaders(await issueAccessToken(t.db, f.caregiver.id));
    const res = await ask(f.accountId, caregiver, { player_id: null });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      scope: 'account',
      player: null,
      status: 'queued',
      requested_at: expect.any(String),
      requested_by: { id: f.caregiver.id, name: 'Sam Lopez' },
      ready_at: null,
      expires_at: null,
      file_name: null,
      size_bytes: null,
      row_counts: null,
      download_url: null,
    });
    await runJobs();
  });

  it('refuses a player of another account as missing, and changes nothing', async () => {
    const f = await createFamily(t.db);
    const stranger = await createParent(t.db, { players: ['Noor'] });
    for (const playerId of [stranger.players[0]!.id, MISSING]) {
      const res = await ask(f.accountId, f.parent.headers, { player_id: playerId });
      expect([res.statusCode, res.json()]).toEqual([400, { player_id: [DATA_RIGHTS_MESSAGES.playerMissing] }]);
    }
    const bad = await ask(f.accountId, f.parent.headers, { player_id: 'Maya' });
    expect(bad.statusCode).toBe(400);
    expect(await t.db.select().from(dataExports).where(eq(dataExports.status, 'queued'))).toEqual([]);
    expect(await runJobs()).toBe(0);
  });

  it('answers 409 while the same export is being prepared; another scope, or the same once ready, is fine', async () => {
    const f = await createFamily(t.db);
    await requested(f, { player_id: f.maya.id });
    const busy = await ask(f.accountId, f.parent.headers, { player_id: f.maya.id });
    expect([busy.statusCode, busy.json()]).toEqual([
      409,
      { detail: DATA_RIGHTS_MESSAGES.exportBusy, code: 'export_busy' },
    ]);
    await requested(f, { player_id: f.eli.id });
    await requested(f);
    const accountBusy = await ask(f.accountId, f.parent.headers, { player_id: null });
    expect(accountBusy.statusCode).toBe(409);
    expect(await runJobs()).toBe(3);
    await requested(f, { player_id: f.maya.id });
    await runJobs();
  });

  it(`answers 429 with Retry-After past ${DATA_EXPORT.perDay} exports in 24 hours`, async () => {
    const f = await createFamily(t.db);
    const now = Date.now();
    // The fixture's own exports are older than a day; ten more within it, the oldest 20 hours ago.
    await t.db.insert(dataExports).values(
      Array.from({ length: DATA_EXPORT.perDay }, (_, i) => ({
        accountId: f.accountId,
        status: 'expired',
        requestedBy: f.parent.user.id,
        requestedAt: new Date(now - (20 - i) * HOUR),
      })),
    );
    const res = await ask(f.accountId, f.parent.headers);
    expect([res.statusCode, res.json()]).toEqual([
      429,
      { detail: DATA_RIGHTS_MESSAGES.exportLimit, code: 'throttled' },
    ]);
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(4 * 3600 - 60);
    expect(retryAfter).toBeLessThanOrEqual(4 * 3600);
    await t.db
      .update(dataExports)
      .set({ requestedAt: new Date(now - 25 * HOUR) })
      .where(eq(dataExports.accountId, f.accountId));
    await requested(f);
    await runJobs();
  });

  it('writes the row and its job together: the job finds the row it was enqueued for', async () => {
    const f = await createFamily(t.db);
    const asked = await requested(f);
    const { rows } = await t.database.executeSql(
      `select data from pgboss.job where name = $1 and (data->>'exportId')::int = $2`,
      [EXPORT_JOB, asked.id],
    );
    expect(rows).toHaveLength(1);
    await runJobs();
  });
});

describe('the job, the e-mail and the download', () => {
  it('downloads answer 409 before the job, the ZIP after it, and 410 once expired; the sweep empties the file', async () => {
    const f = await createFamily(t.db);
    const asked = await requested(f, { player_id: f.eli.id });
    const early = await download(f.accountId, asked.id, f.parent.headers);
    expect([early.statusCode, early.json()]).toEqual([
      409,
      { detail: DATA_RIGHTS_MESSAGES.exportNotReady, code: 'export_not_ready' },
    ]);
    await runJobs();

    const res = await download(f.accountId, asked.id, f.parent.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['cache-control']).toBe('no-store');
    const [ready] = await t.db.select().from(dataExports).where(eq(dataExports.id, asked.id));
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${ready!.fileName}"`);
    expect(ready!.fileName).toMatch(/^grove-eli-lopez-\d{4}-\d{2}-\d{2}\.zip$/);
    expect(res.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    expect(ready!.downloadedAt).not.toBeNull();

    // Listed for the privacy page, newest first, with its link while ready.
    const listed = await listExports(t.db, f.accountId, DATA_EXPORT.listed);
    expect(listed[0]).toMatchObject({
      id: asked.id,
      scope: 'player',
      player: { id: f.eli.id, name: 'Eli Lopez' },
      status: 'ready',
      file_name: ready!.fileName,
      size_bytes: ready!.sizeBytes,
      download_url: downloadUrl(f.accountId, asked.id),
    });
    expect(listed.map((e) => e.id)).toEqual([...listed.map((e) => e.id)].sort((a, b) => b - a));
    expect(listed.filter((e) => e.status !== 'ready').every((e) => e.download_url === null)).toBe(true);

    // Other people get what they get for the request.
    const stranger = await createParent(t.db);
    const staff = await createStaff(t.db);
    expect((await download(f.accountId, asked.id, stranger.headers)).json()).toEqual(NOT_FOUND);
    expect((await download(f.accountId, asked.id, f.coach.headers)).json()).toEqual(NOT_FOUND);
    expect((await download(f.accountId, asked.id, staff.headers)).statusCode).toBe(403);
    expect((await download(stranger.account.id, asked.id, stranger.headers)).json()).toEqual(NOT_FOUND);
    expect((await download(f.accountId, MISSING, f.parent.headers)).json()).toEqual(NOT_FOUND);
    expect((await t.app.inject({ method: 'GET', url: downloadUrl(f.accountId, asked.id) })).statusCode).toBe(401);

    // The link expires: 410 at once, and the sweep empties the file.
    await t.db
      .update(dataExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(dataExports.id, asked.id));
    const gone = await download(f.accountId, asked.id, f.parent.headers);
    expect([gone.statusCode, gone.json()]).toEqual([
      410,
      { detail: DATA_RIGHTS_MESSAGES.exportExpired, code: 'export_expired' },
    ]);
    expect((await listExports(t.db, f.accountId, 1))[0]).toMatchObject({ status: 'expired', download_url: null });
    await t.app.jobs.send(EXPORT_SWEEP, {});
    expect(await t.app.jobs.drain(EXPORT_SWEEP)).toBe(1);
    const [swept] = await t.db.select().from(dataExports).where(eq(dataExports.id, asked.id));
    expect(swept).toMatchObject({ status: 'expired', content: null });
    expect((await download(f.accountId, asked.id, f.parent.headers)).statusCode).toBe(410);
  });

  it('e-mails the parent who asked, once, with the privacy page and the end of the link in the family’s time zone', async () => {
    const f = await createFamily(t.db);
    const asked = await requested(f, { player_id: f.maya.id });
    await runJobs();
    const mails = (await emailsTo(t.db, f.parent.user.email)).filter((m) => m.template === 'data_export_ready');
    expect(mails).toHaveLength(1);
    const [row] = await t.db.select().from(dataExports).where(eq(dataExports.id, asked.id));
    expect(mails[0]!.userId).toBe(f.parent.user.id);
    expect(mails[0]!.subject).toBe('Your Grove data export is ready');
    expect(mails[0]!.textBody).toContain('Maya Lopez’s data');
    expect(mails[0]!.textBody).toContain(`${t.app.publicUrl.replace(/\/+$/, '')}/dashboard/account?segment=privacy`);
    expect(mails[0]!.textBody).toContain(formatDateTime(row!.expiresAt!, 'America/New_York'));

    // Idempotent: the job again, or a duplicate, changes nothing and sends nothing.
    expect(await buildExport(exportsDeps(), asked.id)).toBe(false);
    const [after] = await t.db.select().from(dataExports).where(eq(dataExports.id, asked.id));
    expect(after!.readyAt).toEqual(row!.readyAt);
    const again = (await emailsTo(t.db, f.parent.user.email)).filter((m) => m.template === 'data_export_ready');
    expect(again).toHaveLength(1);
  });

  it('marks an export failed when its last retry fails, and the family may ask again', async () => {
    const f = await createFamily(t.db);
    const asked = await requested(f);
    const broken: EmailSender = {
      provider: 'outbox',
      send: async () => {
        throw new Error('the outbox is unavailable');
      },
    };
    const deps = { ...exportsDeps(), email: broken };
    for (let retryCount = 0; retryCount < EXPORT_JOB_OPTIONS.retryLimit; retryCount++) {
      await expect(runExportJob(deps, { exportId: asked.id }, { retryCount })).rejects.toThrow('unavailable');
      const [row] = await t.db.select().from(dataExports).where(eq(dataExports.id, asked.id));
      expect(row).toMatchObject({ status: 'queued', content: null, readyAt: null });
    }
    await expect(
      runExportJob(deps, { exportId: asked.id }, { retryCount: EXPORT_JOB_OPTIONS.retryLimit }),
    ).rejects.toThrow('unavailable');
    const [failed] = await t.db.select().from(dataExports).where(eq(dataExports.id, asked.id));
    expect(failed).toMatchObject({ status: 'failed', content: null });
    expect((await download(f.accountId, asked.id, f.parent.headers)).statusCode).toBe(409);
    expect((await listExports(t.db, f.accountId, 1))[0]).toMatchObject({ status: 'failed', download_url: null });
    // The queued job finds it failed and leaves it so.
    await runJobs();
    expect((await t.db.select().from(dataExports).where(eq(dataExports.id, asked.id)))[0]!.status).toBe('failed');
    const told = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, f.parent.user.email));
    expect(told.filter((mail) => mail.template === 'data_export_ready')).toEqual([]);
    await requested(f);
    await runJobs();
  });

  it(`gives up on an export still queued after ${EXPORT_STALE_HOURS} hours (its job was lost)`, async () => {
    const f = await createFamily(t.db);
    const asked = await requested(f);
    const fresh = await requested(f, { player_id: f.maya.id });
    await t.db
      .update(dataExports)
      .set({ requestedAt: new Date(Date.now() - (EXPORT_STALE_HOURS + 1) * HOUR) })
      .where(eq(dataExports.id, asked.id));
    await t.app.jobs.send(EXPORT_SWEEP, {});
    await t.app.jobs.drain(EXPORT_SWEEP);
    const rows = await t.db.select().from(dataExports).where(eq(dataExports.accountId, f.accountId));
    expect(rows.find((r) => r.id === asked.id)!.status).toBe('failed');
    expect(rows.find((r) => r.id === fresh.id)!.status).toBe('queued');
    await requested(f);
    await runJobs();
  });

  it('does nothing for an export deleted with its player before the job ran', async () => {
    const f = await createFamily(t.db);
    const asked = await requested(f, { player_id: f.eli.id });
    await t.db.delete(schema.players).where(eq(schema.players.id, f.eli.id));
    expect(await runJobs()).toBe(1);
    expect(await t.db.select().from(dataExports).where(eq(dataExports.id, asked.id))).toEqual([]);
  });
});

function exportsDeps(): ExportsDeps {
  return {
    db: t.db,
    email: { provider: 'outbox', send: async () => ({ id: 0 }) },
    jobs: t.app.jobs,
    publicUrl: t.app.publicUrl,
  };
}
