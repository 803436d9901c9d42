import { PO_BOX_WARNING } from '@grove/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, userShipping } from '../../db/schema/index.ts';
import { createParent, createUser } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const URL = '/api/v2/user/shipping/';
const get = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: URL, headers });
const patch = (headers: Record<string, string>, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PATCH', url: URL, headers, payload });
const storedRow = async (userId: number) =>
  (await t.db.select().from(userShipping).where(eq(userShipping.userId, userId)))[0] ?? null;

const HOME = {
  address_1: '1200 Oak Street',
  address_2: 'Apt 4B',
  city: 'Portland',
  state: 'OR',
  zipcode: '97205',
  country: 'US',
};

/** A parent whose address is HOME (stored through the API). */
async function parentAtHome() {
  const parent = await createParent(t.db);
  const res = await patch(parent.headers, HOME);
  expect(res.statusCode).toBe(200);
  return parent;
}

/** A confirmed order of the account with this shipping address. */
async function confirmedOrder(accountId: number, userId: number, shipping: typeof HOME, confirmedAt: Date) {
  await t.db.insert(orders).values({
    accountId,
    userId,
    status: 'CONFIRMED',
    planTag: 'default',
    currency: 'usd',
    subtotalCents: 1000,
    totalCents: 1000,
    email: 'order@example.test',
    firstName: 'Order',
    lastName: 'Person',
    phonenumber: '2025550143',
    country: shipping.country,
    shipping,
    dateConfirmed: confirmedAt,
  });
}

describe('GET /api/v2/user/shipping/', () => {
  it('answers empty fields and the default country, with the user, when nothing is known', async () => {
    const { user, headers } = await createParent(t.db);
    const res = await get(headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      address_1: '',
      address_2: '',
      city: '',
      state: '',
      zipcode: '',
      country: 'US',
      warnings: {},
      updated_at: null,
      user: expect.objectContaining({ id: user.id, email: user.email }),
    });
  });

  it('falls back to the latest confirmed order of the account', async () => {
    const { user, account, headers } = await createParent(t.db);
    const older = { ...HOME, address_1: '1 Old Road' };
    await confirmedOrder(account.id, user.id, older, new Date('2025-01-01T00:00:00Z'));
    await confirmedOrder(account.id, user.id, HOME, new Date('2025-06-01T00:00:00Z'));
    await t.db.insert(orders).values({
      accountId: account.id,
      status: 'PENDING',
      planTag: 'default',
      currency: 'usd',
      subtotalCents: 1,
      totalCents: 1,
      email: 'x@example.test',
      firstName: 'X',
      lastName: 'Y',
      phonenumber: '',
      country: 'US',
      shipping: { ...HOME, address_1: 'Never confirmed' },
    });
    const res = await get(headers);
    expect(res.json()).toMatchObject({ ...HOME, updated_at: null, warnings: {} });
    expect(await storedRow(user.id)).toBeNull();

    // A first change starts from that address and stores it whole.
    const changed = await patch(headers, { city: 'Salem' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ ...HOME, city: 'Salem' });
    expect(await storedRow(user.id)).toMatchObject({ address1: HOME.address_1, city: 'Salem', state: 'OR' });
  });

  it('does not read another account’s order', async () => {
    const other = await createParent(t.db);
    await confirmedOrder(other.account.id, other.user.id, HOME, new Date());
    const { headers } = await createParent(t.db);
    expect((await get(headers)).json()).toMatchObject({ address_1: '', country: 'US' });
  });
});

describe('PATCH /api/v2/user/shipping/', () => {
  it('stores the address and answers it with the user; a second change updates only what is sent', async () => {
    const { user, headers } = await parentAtHome();
    expect(await storedRow(user.id)).toMatchObject({
      address1: '1200 Oak Street',
      address2: 'Apt 4B',
      city: 'Portland',
      state: 'OR',
      zipcode: '97205',
      country: 'US',
    });
    const res = await patch(headers, { zipcode: '97209' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ...HOME, zipcode: '97209', warnings: {}, user: { id: user.id } });
    expect(res.json().updated_at).toEqual(expect.any(String));
    expect((await get(headers)).json()).toMatchObject({ ...HOME, zipcode: '97209' });
  });

  it('answers each rule with the form’s message and stores nothing', async () => {
    const { user, headers } = await parentAtHome();
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ address_1: '' }, { address_1: ['Address is required'] }],
      [{ address_1: '   ' }, { address_1: ['Address is required'] }],
      [{ address_1: 'x'.repeat(255) }, { address_1: ['Address must be less than 255 characters'] }],
      [{ address_2: 'x'.repeat(255) }, { address_2: ['Address must be less than 255 characters'] }],
      [{ city: '' }, { city: ['City is required'] }],
      [{ city: 'Portland 2' }, { city: ['Please input a valid city'] }],
      [{ city: 'x'.repeat(50) }, { city: ['City must be less than 50 characters'] }],
      [{ zipcode: '' }, { zipcode: ['Zipcode is required'] }],
      [{ zipcode: '972#05' }, { zipcode: ['Please input a valid Zipcode'] }],
      [{ zipcode: '1'.repeat(12) }, { zipcode: ['Zipcode must be less than 12 characters'] }],
      [{ state: 'ZZ' }, { state: ['Please select a valid state'] }],
      [{ state: '' }, { state: ['State is required'] }],
      [{ country: 'XX' }, { country: ['Please select a valid country'] }],
      [{ country: '' }, { country: ['Country is required'] }],
    ];
    for (const [payload, errors] of cases) {
      const res = await patch(headers, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json()).toEqual(errors);
    }
    const notText = await patch(headers, { city: 42 });
    expect(notText.statusCode).toBe(400);
    expect(Object.keys(notText.json())).toEqual(['city']);
    expect(await storedRow(user.id)).toMatchObject({ address1: '1200 Oak Street', city: 'Portland', zipcode: '97205' });
  });

  it('checks a state against the country: military and territory codes pass for the US, any short text elsewhere', async () => {
    const { user, headers } = await parentAtHome();
    for (const state of ['AE', 'AP', 'AA', 'PR', 'GU', 'DC']) {
      const res = await patch(headers, { state });
      expect(res.statusCode, state).toBe(200);
      expect(res.json().state).toBe(state);
    }
    const canada = await patch(headers, { country: 'CA', state: 'Ontario', zipcode: 'K1A 0B1', city: 'Ottawa' });
    expect(canada.statusCode).toBe(200);
    expect(await storedRow(user.id)).toMatchObject({ country: 'CA', state: 'Ontario' });
    // Back to the US: the stored state and zipcode are checked again against the new country.
    const back = await patch(headers, { country: 'US' });
    expect(back.statusCode).toBe(400);
    expect(back.json()).toEqual({ state: ['Please select a valid state'], zipcode: ['Please input a valid Zipcode'] });
    expect((await storedRow(user.id))!.country).toBe('CA');
  });

  it('checks the zipcode against the country and stores it normalised (decision 0052)', async () => {
    const { user, headers } = await parentAtHome();
    const before = await storedRow(user.id);
    // '12-345' has the letters-and-digits shape, but it is no US ZIP code.
    const bad = await patch(headers, { zipcode: '12-345' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ zipcode: ['Please input a valid Zipcode'] });
    expect(await storedRow(user.id)).toEqual(before);
    // A postcode of another country is refused until the country changes with it.
    const british = await patch(headers, { zipcode: 'SW1A 1AA' });
    expect(british.statusCode).toBe(400);
    expect(british.json()).toEqual({ zipcode: ['Please input a valid Zipcode'] });
    expect(await storedRow(user.id)).toEqual(before);

    const plus4 = await patch(headers, { zipcode: ' 97205-1234 ' });
    expect(plus4.statusCode).toBe(200);
    expect(plus4.json().zipcode).toBe('97205-1234');
    const uk = await patch(headers, { country: 'GB', state: '', city: 'London', zipcode: 'sw1a1aa' });
    expect(uk.statusCode, uk.body).toBe(200);
    expect(uk.json()).toMatchObject({ country: 'GB', zipcode: 'SW1A 1AA' });
    expect(await storedRow(user.id)).toMatchObject({ country: 'GB', zipcode: 'SW1A 1AA' });
    const canada = await patch(headers, { country: 'CA', city: 'Ottawa', zipcode: 'k1a 0b1' });
    expect(canada.statusCode, canada.body).toBe(200);
    expect(await storedRow(user.id)).toMatchObject({ country: 'CA', zipcode: 'K1A 0B1' });
    // Hong Kong has no postcode pattern in the library: the letters-and-digits shape.
    const hk = await patch(headers, { country: 'HK', city: 'Kowloon', zipcode: '999077' });
    expect(hk.statusCode, hk.body).toBe(200);
    expect(await storedRow(user.id)).toMatchObject({ country: 'HK', zipcode: '999077' });
  });

  it('saves a PO Box with a warning that does not block', async () => {
    const { user, headers } = await parentAtHome();
    const res = await patch(headers, { address_1: 'PO Box 1234' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ address_1: 'PO Box 1234', warnings: { address_1: [PO_BOX_WARNING] } });
    expect((await storedRow(user.id))!.address1).toBe('PO Box 1234');
    expect((await get(headers)).json().warnings).toEqual({ address_1: [PO_BOX_WARNING] });
  });

  it('refuses control characters, NUL and huge strings with field messages, never a 500', async () => {
    const { user, headers } = await parentAtHome();
    const nul = await patch(headers, { address_1: '12 Main\u0000 Street', address_2: 'Line\nbreak' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({
      address_1: ['Remove the control characters (such as NUL) from this text.'],
      address_2: ['Remove the control characters (such as NUL) from this text.'],
    });
    const huge = await patch(headers, { address_1: 'x'.repeat(500_000) });
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toEqual({ address_1: ['Address must be less than 255 characters'] });
    const broken = await patch(headers, { address_2: 'Flat \ud800' });
    expect(broken.statusCode).toBe(400);
    expect(await storedRow(user.id)).toMatchObject({ address1: '1200 Oak Street', address2: 'Apt 4B' });
  });

  it('keeps each person’s address their own; other fields in the body change nothing', async () => {
    const a = await parentAtHome();
    const b = await createParent(t.db);
    const res = await patch(b.headers, { city: 'Boise', user_id: a.user.id, user: { id: a.user.id } });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(b.user.id);
    expect((await storedRow(a.user.id))!.city).toBe('Portland');
    expect((await storedRow(b.user.id))!.city).toBe('Boise');
  });

  it('works for a user without an account (staff)', async () => {
    const staff = await createUser(t.db, { isStaff: true });
    const { issueAccessToken, authHeaders } = await import('../../../test/factories.ts');
    const headers = authHeaders(await issueAccessToken(t.db, staff.id));
    expect((await get(headers)).json()).toMatchObject({ address_1: '', country: 'US' });
    expect((await patch(headers, HOME)).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PATCH', url: URL, payload: HOME })).statusCode).toBe(401);
  });
});
