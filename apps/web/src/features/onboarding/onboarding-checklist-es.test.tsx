/**
 * The welcome checklist in Spanish (issue 29): the progress, the steps still to do and the steps
 * passed, and the congratulation once every step is done, read in the page's language.
 */
import { render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ONBOARDING_STEPS } from '@grove/domain';
import { webinarsApi } from '@grove/domain/api/endpoints/webinars';
import type { Onboarding } from '@grove/domain/api/webinars';

import { fakeApi } from '../../../test/fake-api.ts';
import { onboardingFixture, storeSession } from '../../../test/fixtures.ts';
import { loadLanguage } from '../../lib/i18n.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { OnboardingChecklist } from './onboarding-checklist.tsx';

function open(state: Onboarding, stepParam?: string) {
  storeSession();
  fakeApi([[webinarsApi.onboarding, { body: state }]]);
  render(
    <QueryClientProvider client={createQueryClient({ retry: false })}>
      <MemoryRouter>
        <OnboardingChecklist accountId={1} timeZone="America/New_York" stepParam={stepParam} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the welcome checklist in Spanish', () => {
  it('shows the progress, the steps to do and the steps done in Spanish', async () => {
    await loadLanguage('es', ['app']);
    open(onboardingFixture(['add_players']), 'no-such-step');

    expect(await screen.findByText('1 de 6 completados')).toBeInTheDocument();
    expect(
      screen.getByText('No encontramos un paso llamado «no-such-step». Estos son todos sus primeros pasos.'),
    ).toBeInTheDocument();
    const toDo = screen.getByRole('region', { name: 'Pendientes' });
    expect(within(toDo).getByText('Paso 2 de 6')).toBeInTheDocument();
    expect(within(toDo).getAllByRole('button', { name: /^Marcar como completado/ })).toHaveLength(2);
    const done = screen.getByRole('region', { name: 'Completados' });
    expect(within(done).getByText('Completado el')).toHaveTextContent(/^Completado el 11-20-2026 /);

    expect(screen.queryByText('Still to do')).not.toBeInTheDocument();
    expect(screen.queryByText(/Mark as done/)).not.toBeInTheDocument();
    expect(screen.queryByText(/^Done on/)).not.toBeInTheDocument();
  });

  it('congratulates in Spanish once every step is done', async () => {
    await loadLanguage('es', ['app']);
    open(onboardingFixture(ONBOARDING_STEPS.map((step) => step.id)));

    expect(await screen.findByRole('heading', { name: '¡Todo listo!' })).toBeInTheDocument();
    expect(screen.getByText('6 de 6 completados')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir a Inicio' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver las estadísticas del jugador' })).toBeInTheDocument();
    expect(screen.queryByText('You’re all set!')).not.toBeInTheDocument();
  });
});
