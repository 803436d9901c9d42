/**
 * Consent (issue 17 item 1): required at checkout and when a parent adds a player, recorded with
 * the policy version in the same transaction; a household whose latest program consent is for an
 * older version must agree again; the analytics choice; an account's history for its members and
 * staff only.
 */
import { PRIVACY_POLICY_VERSION, CONSENT_MESSAGES } from '@grove/domain/privacy';
import { SANDBOX_CARDS } from '@grove/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeaders,
  createCoach,
  createParent,
  createStaff,
  createUser,
  issueAccessToken,
} from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { accounts, consentRecords, orders, players, sandboxOperations, users } from '../../db/schema/index.ts';
import { seededRandom } from '../../lib/random.ts';
import { seedConsentRecords } from './privacy.seed.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t?.close());

let unique = 0;
const AGENT = 'Mozilla/5.0 (consent test)';

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string> = {}, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { 'user-agent': AGENT, ...headers },
    remoteAddress: '203.0.113.7',
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const recordsOf = (accountId: number) =>
  t.db.select().from(consentRecords).where(eq(consentRecords.accountId, accountId)).orderBy(consentRecords.id);

async function newOrder() {
  const res = await inject(
    'POST',
    '/api/v2/billing/order/',
    {},
    {
      plan_tag: 'default',
      first_name: 'Dana',
      last_name: 'Whitfield',
      email: `consent-${Date.now()}-${unique++}@example.com`,
      phonenumber: '2015550123',
      country: 'US',
      shipping: { address_1: '12 Elm Street', city: 'Springfield', state: 'IL', zipcode: '62701', country: 'US' },
    },
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().external_id as string;
}

const payment = { card: { number: SANDBOX_CARDS.succeeds, exp_month: 12, exp_year: 2035, cvc: '123' } };

/** A parent of a fresh account, signed in; `version`: a program consent at that version first. */
async function family(version: string | null = PRIVACY_POLICY_VERSION) {
  const parent = await createParent(t.db, { players: ['Maya'] });
  if (version !== null) {
    await t.db.insert(consentRecords).values({
      accountId: parent.account.id,
      userId: parent.user.id,
      kind: 'program_terms',
      granted: true,
      policyVersion: version,
      createdAt: new Date('2025-01-10T12:00:00Z'),
    });
  }
  return parent;
}

describe('consent at checkout', () => {
  it('refuses a checkout without the ticked box (400 on consent), charging nothing', async () => {
    const order = await newOrder();
    const operations = async () => (await t.db.select().from(sandboxOperations)).length;
    const before = await operations();
    for (const consent of [undefined, false]) {
      const res = await inject(
        'POST',
        '/api/v2/billing/order/confirm/',
        {},
        { order, payment_method: payment, consent },
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ consent: [CONSENT_MESSAGES.checkoutRequired] });
    }
    const [row] = await t.db.select().from(orders).where(eq(orders.externalId, order));
    expect(row!.status).toBe('PENDING');
    expect(row!.accountId).toBeNull();
    expect(await operations()).toBe(before);
  });

  it('records the new parent’s program consent at the policy version, from where it came', async () => {
    const order = await newOrder();
    const res = await inject(
      'POST',
      '/api/v2/billing/order/confirm/',
      {},
      { order, payment_method: payment, consent: true },
    );
    expect(res.statusCode, res.body).toBe(200);
    const accountId = res.json().subscription.account_id as number;
    const [parent] = await t.db.select().from(users).where(eq(users.accountId, accountId));
    const records = await recordsOf(accountId);
    expect(records).toEqual([
      expect.objectContaining({
        accountId,
        userId: parent!.id,
        playerId: null,
        kind: 'program_terms',
        granted: true,
        policyVersion: PRIVACY_POLICY_VERSION,
        ip: '203.0.113.7',
        userAgent: AGENT,
      }),
    ]);
    // The household is consented: the new parent is not asked again at sign-in.
    const headers = authHeaders(await issueAccessToken(t.db, parent!.id));
    const status = (await inject('GET', '/api/v2/user/privacy/', headers)).json();
    expect(status).toMatchObject({ is_parent: true, must_consent: false, consented_version: PRIVACY_POLICY_VERSION });
  });
});

describe('consent when a player is added', () => {
  it('refuses a parent without the ticked box (400 on consent) and adds no player', async () => {
    const parent = await family();
    for (const consent of [undefined, false]) {
      const res = await inject('POST', '/api/v2/player/', parent.headers, { name: 'Juno', consent });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ consent: [CONSENT_MESSAGES.playerRequired] });
    }
    const names = (await t.db.select().from(players).where(eq(players.accountId, parent.account.id))).map(
      (p) => p.name,
    );
    expect(names).toEqual(['Maya']);
    expect(await recordsOf(parent.account.id)).toHaveLength(1);
  });

  it('records the parent’s consent for the new player; staff adding one record none', async () => {
    const parent = await family();
    const res = await inject('POST', '/api/v2/player/', parent.headers, { name: 'Juno', consent: true });
    expect(res.statusCode, res.body).toBe(201);
    const playerId = res.json().id as number;
    expect((await recordsOf(parent.account.id)).at(-1)).toMatchObject({
      userId: parent.user.id,
      playerId,
      kind: 'player_added',
      granted: true,
      policyVersion: PRIVACY_POLICY_VERSION,
      ip: '203.0.113.7',
    });

    const staff = await createStaff(t.db);
    const made = await inject('POST', '/api/v2/player/', staff.headers, { name: 'Kai', account: parent.account.id });
    expect(made.statusCode, made.body).toBe(201);
    expect((await recordsOf(parent.account.id)).map((r) => r.kind)).toEqual(['program_terms', 'player_added']);

    const history = (await inject('GET', '/api/v2/user/privacy/', parent.headers)).json().consents;
    expect(history[0]).toMatchObject({
      kind: 'player_added',
      player: { id: playerId, name: 'Juno' },
      user: { id: parent.user.id, name: `${parent.user.firstName} ${parent.user.lastName}` },
    });
  });
});

describe('a new policy version', () => {
  it('asks a household whose latest consent is for an older version, and agreeing records the new one once', async () => {
    const parent = await family('2020-01-01');
    const before = await inject('GET', '/api/v2/user/privacy/', parent.headers);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({
      policy_version: PRIVACY_POLICY_VERSION,
      is_parent: true,
      must_consent: true,
      consented_version: '2020-01-01',
    });

    const refused = await inject('POST', '/api/v2/user/privacy/consent/', parent.headers, { consent: false });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ consent: [CONSENT_MESSAGES.agreeRequired] });

    const agreed = await inject('POST', '/api/v2/user/privacy/consent/', parent.headers, { consent: true });
    expect(agreed.statusCode, agreed.body).toBe(201);
    expect(agreed.json()).toMatchObject({ must_consent: false, consented_version: PRIVACY_POLICY_VERSION });
    expect((await inject('GET', '/api/v2/user/privacy/', parent.headers)).json().must_consent).toBe(false);
    // A second click writes nothing more.
    await inject('POST', '/api/v2/user/privacy/consent/', parent.headers, { consent: true });
    expect((await recordsOf(parent.account.id)).map((r) => `${r.kind}@${r.policyVersion}`)).toEqual([
      'program_terms@2020-01-01',
      `program_terms@${PRIVACY_POLICY_VERSION}`,
    ]);
  });

  it('asks a household with no consent at all; the whole household is answered by one agreement', async () => {
    const parent = await family(null);
    const caregiver = await createUser(t.db, { accountId: parent.account.id });
    const caregiverHeaders = authHeaders(await issueAccessToken(t.db, caregiver.id));
    expect((await inject('GET', '/api/v2/user/privacy/', caregiverHeaders)).json()).toMatchObject({
      must_consent: true,
      consented_version: null,
      consents: [],
    });
    expect((await inject('POST', '/api/v2/user/privacy/consent/', parent.headers, { consent: true })).statusCode).toBe(
      201,
    );
    expect((await inject('GET', '/api/v2/user/privacy/', caregiverHeaders)).json().must_consent).toBe(false);
  });

  it('never asks staff or coaches, who cannot consent for a family', async () => {
    for (const person of [await createStaff(t.db), await createCoach(t.db)]) {
      expect((await inject('GET', '/api/v2/user/privacy/', person.headers)).json()).toEqual({
        policy_version: PRIVACY_POLICY_VERSION,
        is_parent: false,
        must_consent: false,
        consented_version: null,
        analytics: 'off',
        payment_texts: 'off',
        consent_count: 0,
        consents: [],
      });
      expect(
        (await inject('POST', '/api/v2/user/privacy/consent/', person.headers, { consent: true })).statusCode,
      ).toBe(403);
      expect(
        (await inject('PUT', '/api/v2/user/privacy/analytics/', person.headers, { analytics: 'on' })).statusCode,
      ).toBe(403);
      expect(
        (await inject('PUT', '/api/v2/user/privacy/payment_texts/', person.headers, { payment_texts: 'on' }))
          .statusCode,
      ).toBe(403);
    }
  });
});

describe('the analytics choice', () => {
  it('is off by default; each change is a record (a withdrawal too) and is each person’s own', async () => {
    const parent = await family();
    const caregiver = await createUser(t.db, { accountId: parent.account.id });
    const caregiverHeaders = authHeaders(await issueAccessToken(t.db, caregiver.id));
    const analytics = async (headers: Record<string, string>) =>
      (await inject('GET', '/api/v2/user/privacy/', headers)).json().analytics;
    expect(await analytics(parent.headers)).toBe('off');

    const on = await inject('PUT', '/api/v2/user/privacy/analytics/', parent.headers, { analytics: 'on' });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().analytics).toBe('on');
    expect(await analytics(parent.headers)).toBe('on');
    expect(await analytics(caregiverHeaders)).toBe('off');
    // Unchanged: no record.
    await inject('PUT', '/api/v2/user/privacy/analytics/', parent.headers, { analytics: 'on' });
    const off = await inject('PUT', '/api/v2/user/privacy/analytics/', parent.headers, { analytics: 'off' });
    expect(off.json().analytics).toBe('off');
    expect(await analytics(parent.headers)).toBe('off');

    const bad = await inject('PUT', '/api/v2/user/privacy/analytics/', parent.headers, { analytics: 'maybe' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['analytics']);
    expect(
      (await recordsOf(parent.account.id)).filter((r) => r.kind === 'analytics').map((r) => [r.userId, r.granted]),
    ).toEqual([
      [parent.user.id, true],
      [parent.user.id, false],
    ]);
  });
});

describe('an account’s consent history', () => {
  it('is read by staff and the account’s members; other parents and its coach get 404 as for a missing account', async () => {
    const parent = await family();
    await inject('PUT', '/api/v2/user/privacy/analytics/', parent.headers, { analytics: 'on' });
    const url = `/api/v2/accounts/${parent.account.id}/consents/`;

    const staff = await createStaff(t.db);
    const read = await inject('GET', url, staff.headers);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ count: 2, next: null, previous: null });
    expect(read.json().results.map((r: { kind: string; granted: boolean }) => [r.kind, r.granted])).toEqual([
      ['analytics', true],
      ['program_terms', true],
    ]);
    expect((await inject('GET', url, parent.headers)).json().count).toBe(2);

    const missing = await inject('GET', '/api/v2/accounts/2000000000/consents/', staff.headers);
    expect(missing.statusCode).toBe(404);
    const other = await family();
    const coach = await createCoach(t.db);
    await t.db.update(accounts).set({ coachUserId: coach.user.id }).where(eq(accounts.id, parent.account.id));
    for (const outsider of [other.headers, coach.headers]) {
      const res = await inject('GET', url, outsider);
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe((await inject('GET', '/api/v2/accounts/2000000000/consents/', outsider)).body);
    }
    // The other parent's own status holds nothing of this account.
    const theirs = (await inject('GET', '/api/v2/user/privacy/', other.headers)).json();
    expect(theirs.consents.map((r: { id: number }) => r.id)).not.toContain(read.json().results[0].id);
    expect(theirs.consent_count).toBe(1);
  });
});

describe('demo data', () => {
  it('gives each seeded family that has bought a program consent at the version in force', async () => {
    const bought = await family(null);
    const notYet = await createParent(t.db, { user: { billingStatus: 'NOT_PURCHASED' } });
    await seedConsentRecords({
      db: t.db,
      rng: seededRandom(1),
      now: new Date(),
      passwordHash: '',
      accountIds: [bought.account.id, notYet.account.id],
      players: [],
      log: () => undefined,
      publicUrl: 'http://localhost:3000',
    });
    expect(await recordsOf(bought.account.id)).toEqual([
      expect.objectContaining({ userId: bought.user.id, kind: 'program_terms', policyVersion: PRIVACY_POLICY_VERSION }),
    ]);
    expect(await recordsOf(notYet.account.id)).toEqual([]);
    expect((await inject('GET', '/api/v2/user/privacy/', bought.headers)).json().must_consent).toBe(false);
  });
});
