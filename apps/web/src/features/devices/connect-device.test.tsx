/**
 * Connect a tablet in Spanish (issue 29): the code, the tablet asking and the connected tablet in
 * the page's language, the domain's refusals included. The page's behaviour in English is tested
 * through its route (app/routes/connect-device.test.tsx).
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PAIRING_MESSAGES } from '@grove/domain';
import { playersApi } from '@grove/domain/api/endpoints/players';
import { userApi } from '@grove/domain/api/endpoints/user';

import { fakeApi } from '../../../test/fake-api.ts';
import { USERS, playerPage, storeSession } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { domainText, loadLanguage } from '../../lib/i18n.ts';
import { fakePairing, pairingRoutes } from './devices.fixtures.ts';

async function openInSpanish(path: string) {
  await loadLanguage('es', ['app']);
  storeSession();
  fakeApi([
    [userApi.info, { body: USERS.parent }],
    [playersApi.list, { body: playerPage([]) }, { id: 1 }],
    ...pairingRoutes(fakePairing()),
  ]);
  renderApp(path);
  const code = await screen.findByRole('textbox', { name: 'Código' });
  return { code, user: userEvent.setup() };
}

describe('Connect a tablet in Spanish', () => {
  it('asks for the code, shows the tablet asking and connects it, in Spanish', async () => {
    const { code, user } = await openInSpanish('/dashboard/connect?code=WDJB-MJHT');
    expect(code).toHaveValue('WDJB-MJHT');
    expect(screen.getByRole('heading', { level: 2, name: 'Escriba el código de la tableta' })).toBeInTheDocument();
    expect(screen.getByText('No importan las mayúsculas, los espacios ni el guion.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continuar' }));

    const asking = await screen.findByRole('form', { name: 'Una tableta pide conectarse' });
    expect(within(asking).getByText('Tableta')).toBeInTheDocument();
    expect(within(asking).getByText('Código válido hasta')).toBeInTheDocument();
    expect(within(asking).getByRole('button', { name: 'No conectar' })).toBeInTheDocument();
    expect(within(asking).queryByText('Code valid until')).not.toBeInTheDocument();
    await user.click(within(asking).getByRole('button', { name: 'Conectar' }));

    const done = await screen.findByRole('region', { name: 'Se conectó Living room tablet' });
    expect(within(done).getByText(/continúa solo/)).toBeInTheDocument();
    expect(screen.queryByText(/is connected/)).not.toBeInTheDocument();
  });

  it('says what is wrong with a code in Spanish', async () => {
    const { code, user } = await openInSpanish('/dashboard/connect');
    await user.type(code, 'wdjb-mjh');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    const shape = domainText(PAIRING_MESSAGES.codeShape);
    expect(shape).not.toBe(PAIRING_MESSAGES.codeShape);
    expect(await screen.findByText(shape)).toBeInTheDocument();
    expect(screen.queryByText(PAIRING_MESSAGES.codeShape)).not.toBeInTheDocument();
  });
});
