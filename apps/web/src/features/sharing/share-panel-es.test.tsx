/**
 * The parent's share links in Spanish (issue 29): the panel, the form, a link's status and view log,
 * and the revoke confirmation read in the page's language.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ShareLink } from '@grove/domain/api/sharing';
import { playersApi } from '@grove/domain/api/endpoints/players';
import { sharingApi } from '@grove/domain/api/endpoints/sharing';

import { fakeApi } from '../../../test/fake-api.ts';
import { playerPage, storeSession } from '../../../test/fixtures.ts';
import { loadLanguage } from '../../lib/i18n.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { SharePanel } from './share-panel.tsx';

const LINK: ShareLink = {
  id: 7,
  player: { id: 11, name: 'Maya Lopez' },
  display_name: 'M.',
  from_date: '2026-08-01',
  to_date: '2026-10-31',
  expires_at: '2026-12-20T15:00:00.000Z',
  revoked_at: null,
  status: 'active',
  created_at: '2026-11-20T15:00:00.000Z',
  created_by: { id: 1, name: 'Jordan Parent' },
  view_count: 2,
  views: [{ viewed_at: '2026-11-21T14:00:00.000Z', browser: 'Safari on iOS', network: '203.0.113.0/24' }],
};

describe('SharePanel in Spanish', () => {
  it('shows the panel, the form, the links and the revoke confirmation in Spanish', async () => {
    await loadLanguage('es', ['app']);
    storeSession();
    fakeApi([
      [playersApi.list, { body: playerPage([{ id: 11, name: 'Maya Lopez' }]) }, { id: 1 }],
      [sharingApi.list, { body: { count: 1, next: null, previous: null, results: [LINK] } }, { id: 1 }],
    ]);
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={createQueryClient({ retry: false })}>
        <SharePanel accountId={1} timeZone="America/Los_Angeles" />
      </QueryClientProvider>,
    );

    const panel = screen.getByRole('region', { name: 'Compartir con el profesional de la salud de su hijo' });
    const form = await within(panel).findByRole('form', { name: 'Crear un enlace nuevo' });
    expect(within(form).getByRole('combobox', { name: /^Jugador/ })).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: /^Nombre del niño en el resumen/ })).toBeInTheDocument();
    expect(
      within(form).getByText('Como máximo 90 días. Puede revocarlo antes en cualquier momento.'),
    ).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Crear enlace' })).toBeInTheDocument();

    const row = (await within(panel).findByText('Maya Lopez', { selector: 'h4', exact: false })).closest(
      'li',
    ) as HTMLElement;
    expect(within(row).getByText('· se muestra como «M.»')).toBeInTheDocument();
    expect(within(row).getByText('Período mostrado')).toBeInTheDocument();
    expect(within(row).getByText('Caduca')).toBeInTheDocument();
    expect(within(row).getByText('Activo')).toBeInTheDocument();
    expect(within(row).getByText('Se abrió 2 veces')).toBeInTheDocument();
    expect(within(row).getByText('Se muestran las 1 más recientes.')).toBeInTheDocument();
    expect(within(row).getByText(/ · Safari on iOS · red 203\.0\.113\.0\/24$/)).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Revocar el enlace para M.' }));
    const dialog = screen.getByRole('dialog', { name: '¿Revocar el enlace para M.?' });
    expect(within(dialog).getByText(/^Quien tenga el enlace ya no podrá abrir el resumen/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Revocar enlace' })).toBeInTheDocument();

    expect(screen.queryByText('Your links')).not.toBeInTheDocument();
    expect(screen.queryByText('Active')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create link' })).not.toBeInTheDocument();
  });
});
