/**
 * Connect a tablet (issue 25 item 3) through the real routes and providers, against a fake of the
 * pairing calls: the code from the address, the client's own shape check, connecting under a new
 * name, declining, the server's refusals on their fields and the 429 with its wait, the page for
 * people without a family, and the way there from Account → Devices.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PAIRING, PAIRING_MESSAGES } from '@grove/domain';
import type { UserInfo } from '@grove/domain/api/user';
import { pairingApi } from '@grove/domain/api/endpoints/pairing';
import { playersApi } from '@grove/domain/api/endpoints/players';
import { userApi } from '@grove/domain/api/endpoints/user';

import { fakeApi, type FakeApi, type FakeRoute } from '../../../test/fake-api.ts';
import { USERS, accountRoutes, fakeAccount, playerPage, storeSession } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { fakePairing, pairingRoutes, type FakePairing } from '../../features/devices/devices.fixtures.ts';
import { loadLanguage } from '../../lib/i18n.ts';

const CHECK = pairingApi.check;
const APPROVE = pairingApi.approve;
const DENY = pairingApi.deny;

function signedIn(state: FakePairing, user: UserInfo = USERS.parent, routes: FakeRoute[] = []): FakeApi {
  storeSession();
  return fakeApi([
    [userApi.info, { body: user }],
    [playersApi.list, { body: playerPage([]) }, { id: 1 }],
    ...pairingRoutes(state),
    ...routes,
  ]);
}

async function open(path = '/dashboard/connect', state = fakePairing()) {
  const api = signedIn(state);
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Connect a tablet' });
  const code = await screen.findByRole('textbox', { name: 'Code' });
  return { api, app, state, code, user: userEvent.setup() };
}

function describedText(element: HTMLElement): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

describe('Connect a tablet', () => {
  it('takes the code from the address, tolerant of lower case and spaces, in a field made for typing codes', async () => {
    const { code } = await open('/dashboard/connect?code=wdjb%20mjht');
    expect(code).toHaveValue('WDJB-MJHT');
    expect(code).toHaveAttribute('autocomplete', 'off');
    expect(code).toHaveAttribute('inputmode', 'text');
    expect(code).toHaveAttribute('autocapitalize', 'characters');
    expect(code).toHaveAttribute('spellcheck', 'false');
    expect(code).toHaveClass('connect-code');
    expect(describedText(code)).toContain('Capitals, spaces and the dash don’t matter.');
  });

  it('checks the code’s shape before asking the server', async () => {
    const { api, code, user } = await open();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(PAIRING_MESSAGES.codeRequired)).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');

    await user.type(code, 'wdjb-mjh');
    // Typing clears the message; Continue shows the shape's.
    expect(screen.queryByText(PAIRING_MESSAGES.codeRequired)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(PAIRING_MESSAGES.codeShape)).toBeInTheDocument();
    expect(describedText(code)).toContain(PAIRING_MESSAGES.codeShape);
    expect(code).toHaveFocus();
    expect(api.callsOf(CHECK, { id: 1 })).toHaveLength(0);
  });

  it('shows the tablet asking, and connects it under the name the parent gives', async () => {
    const { api, code, user, state } = await open('/dashboard/connect?code=WDJB-MJHT');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const asking = await screen.findByRole('form', { name: 'A tablet is asking to connect' });
    expect(code).not.toBeInTheDocument();
    expect(api.callsOf(CHECK, { id: 1 })[0]?.body).toEqual({ user_code: 'WDJB-MJHT' });
    expect(screen.getByRole('heading', { level: 2, name: 'A tablet is asking to connect' })).toHaveFocus();
    expect(within(asking).getByText('WDJB-MJHT')).toBeInTheDocument();
    // 17:10 UTC is 12:10 PM in the family's zone (New York), in the spec's date format.
    expect(within(asking).getByText('11-20-2026 12:10:00 PM EST')).toBeInTheDocument();
    const name = within(asking).getByRole('textbox', { name: /Name/ });
    expect(name).toHaveValue('Living room tablet');
    expect(name).toHaveAttribute('maxlength', '60');

    await user.clear(name);
    await user.type(name, 'Kitchen tablet');
    await user.click(within(asking).getByRole('button', { name: 'Connect' }));

    const done = await screen.findByRole('region', { name: 'Kitchen tablet is connected' });
    expect(api.callsOf(APPROVE, { id: 1 })[0]?.body).toEqual({ user_code: 'WDJB-MJHT', name: 'Kitchen tablet' });
    expect(state.devices.map((device) => device.name)).toEqual(['Kitchen tablet']);
    expect(within(done).getByText(/continues by itself/)).toBeInTheDocument();
    expect(within(done).getByRole('link', { name: 'Add your first player' })).toHaveAttribute(
      'href',
      '/dashboard/account?segment=players',
    );
    expect(within(done).getByRole('link', { name: 'How to wear the band' })).toHaveAttribute(
      'href',
      '/dashboard/resources?article=wearing-the-heart-rate-band',
    );
    expect(within(done).getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/dashboard');
    expect(within(done).getByRole('link', { name: 'See your devices' })).toHaveAttribute(
      'href',
      '/dashboard/account?segment=details',
    );
  });

  it('declines a tablet, and offers to type another code', async () => {
    const { api, user, state } = await open('/dashboard/connect?code=WDJBMJHT');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const asking = await screen.findByRole('form', { name: 'A tablet is asking to connect' });
    await user.click(within(asking).getByRole('button', { name: 'Don’t connect' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'The tablet was not connected' })).toHaveFocus();
    expect(api.callsOf(DENY, { id: 1 })[0]?.body).toEqual({ user_code: 'WDJB-MJHT' });
    expect(state.declined).toEqual(['WDJBMJHT']);
    expect(api.callsOf(APPROVE, { id: 1 })).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Type another code' }));
    expect(await screen.findByRole('textbox', { name: 'Code' })).toHaveValue('');
  });

  it('shows the server’s refusal of a code on the code field', async () => {
    const { code, user } = await open();
    await user.type(code, 'BBBB CCCC');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(PAIRING_MESSAGES.codeUnknown)).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(describedText(code)).toContain(PAIRING_MESSAGES.codeUnknown);
    expect(document.querySelector('.connect-alert')).toBeNull();
  });

  it('asks for a name before connecting', async () => {
    const { user } = await open('/dashboard/connect?code=WDJB-MJHT');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const asking = await screen.findByRole('form', { name: 'A tablet is asking to connect' });
    const name = within(asking).getByRole('textbox', { name: /Name/ });
    await user.clear(name);
    await user.click(within(asking).getByRole('button', { name: 'Connect' }));
    expect(await within(asking).findByText(PAIRING_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
  });

  it('maps a server 400 on the name to the name field', async () => {
    const api = signedIn(fakePairing(), USERS.parent, [
      [APPROVE, { status: 400, body: { name: ['Ensure this field has no more than 60 characters.'] } }, { id: 1 }],
    ]);
    renderApp('/dashboard/connect?code=WDJB-MJHT');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    const asking = await screen.findByRole('form', { name: 'A tablet is asking to connect' });
    await user.click(within(asking).getByRole('button', { name: 'Connect' }));
    const name = within(asking).getByRole('textbox', { name: /Name/ });
    await waitFor(() => expect(describedText(name)).toContain('Ensure this field has no more than 60 characters.'));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveFocus();
    expect(api.callsOf(APPROVE, { id: 1 })).toHaveLength(1);
  });

  it('sends the parent back to the code when it expired before they connected', async () => {
    const state = fakePairing();
    const { user } = await open('/dashboard/connect?code=WDJB-MJHT', state);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const asking = await screen.findByRole('form', { name: 'A tablet is asking to connect' });
    state.waiting.clear();
    await user.click(within(asking).getByRole('button', { name: 'Connect' }));
    const code = await screen.findByRole('textbox', { name: 'Code' });
    expect(code).toHaveValue('WDJB-MJHT');
    expect(describedText(code)).toContain(PAIRING_MESSAGES.codeUnknown);
    expect(code).toHaveFocus();
  });

  it('says how long to wait after too many wrong codes (429)', async () => {
    const { code, user } = await open('/dashboard/connect', fakePairing({ wrongCodes: PAIRING.maxWrongCodes }));
    await user.type(code, 'WDJB-MJHT');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const alert = await screen.findByText(PAIRING_MESSAGES.tooManyWrongCodes(15));
    expect(alert).toHaveAttribute('role', 'alert');
    expect(code).not.toHaveAttribute('aria-invalid');
  });

  it('tells staff and coaches that connecting a tablet is for families', async () => {
    for (const person of [USERS.staff, USERS.coach]) {
      const api = signedIn(fakePairing(), person);
      const app = renderApp('/dashboard/connect?code=WDJB-MJHT');
      expect(await screen.findByRole('heading', { name: 'Connecting a tablet is for families' })).toBeInTheDocument();
      expect(screen.queryByRole('textbox', { name: 'Code' })).not.toBeInTheDocument();
      expect(api.callsOf(CHECK, { id: 1 })).toHaveLength(0);
      app.unmount();
    }
  });

  it('is reached from Account → Devices, also when the family has no devices yet', async () => {
    const state = fakeAccount(USERS.parent, { devices: [] });
    storeSession();
    fakeApi([...accountRoutes(state), ...pairingRoutes(fakePairing())]);
    const app = renderApp('/dashboard/account?segment=details');
    const devices = await screen.findByRole('region', { name: 'Devices' });
    expect(await within(devices).findByText(/No devices yet/)).toBeInTheDocument();
    await userEvent.setup().click(within(devices).getByRole('link', { name: 'Connect a tablet' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Connect a tablet' })).toBeInTheDocument();
    expect(app.location()).toBe('/dashboard/connect');
  });
});

describe('Connect a tablet in Spanish', () => {
  it('titles the page in Spanish', async () => {
    await loadLanguage('es', ['app']);
    signedIn(fakePairing());
    renderApp('/dashboard/connect');
    expect(await screen.findByRole('heading', { level: 1, name: 'Conectar una tableta' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Vincule el juego de la tableta de su familia con Grove, para que cada juego que terminen sus jugadores aparezca aquí.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Connect a tablet' })).not.toBeInTheDocument();
  });

  it('tells staff in Spanish that connecting a tablet is for families', async () => {
    await loadLanguage('es', ['app']);
    signedIn(fakePairing(), USERS.staff);
    renderApp('/dashboard/connect');
    expect(
      await screen.findByRole('heading', { name: 'Conectar una tableta es para las familias' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir a Inicio' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByText('Go to Home')).not.toBeInTheDocument();
  });
});
