/**
 * Home's leads in Spanish (issue 29): the next step of the welcome checklist and the profiles to
 * complete read in the page's language.
 */
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import { onboardingFixture } from '../../../test/fixtures.ts';
import { loadLanguage } from '../../lib/i18n.ts';
import { stepLink } from '../../lib/step-links.ts';
import { NextStepCard } from './next-step-card.tsx';
import { ProfilesCard } from './profiles-card.tsx';

const PROFILE = (id: number, name: string) => ({ id, player_name: name, created_at: '2026-11-20T15:00:00.000Z' });

describe('Home’s leads in Spanish', () => {
  it('shows the next step and its link in Spanish', async () => {
    await loadLanguage('es', ['app']);
    const step = onboardingFixture().to_pass.find((each) => each.id === 'pair_band')!;
    render(
      <MemoryRouter>
        <NextStepCard next={{ step, number: 3, total: 6, done: 1, kitOnItsWay: true }} />
      </MemoryRouter>,
    );

    const card = screen.getByRole('region', { name: /^Paso 3 de 6: / });
    expect(within(card).getByText('Sus primeros pasos · 1 de 6 completados')).toBeInTheDocument();
    expect(within(card).getByText(/^Su kit está en camino/)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Ver todos los pasos' })).toHaveAttribute(
      'href',
      '/dashboard/welcome',
    );
    expect(within(card).getByRole('link', { name: stepLink('pair_band').label })).toBeInTheDocument();
    expect(within(card).queryByText('See all steps')).not.toBeInTheDocument();
    expect(within(card).queryByText(/Your kit is on its way/)).not.toBeInTheDocument();
  });

  it('counts the profiles to complete in Spanish', async () => {
    await loadLanguage('es', ['app']);
    const { unmount } = render(
      <MemoryRouter>
        <ProfilesCard profiles={[PROFILE(7, 'Sam')]} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Un perfil por completar' })).toBeInTheDocument();
    expect(screen.getByText(/^Este jugador fue nombrado en una encuesta/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Completar el perfil de Sam' })).toBeInTheDocument();
    unmount();

    render(
      <MemoryRouter>
        <ProfilesCard profiles={[PROFILE(7, 'Sam'), PROFILE(8, 'Ivy')]} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: '2 perfiles por completar' })).toBeInTheDocument();
    expect(screen.getByText(/^Estos jugadores fueron nombrados/)).toBeInTheDocument();
    expect(screen.queryByText('2 profiles to complete')).not.toBeInTheDocument();
    expect(screen.queryByText(/Complete each profile/)).not.toBeInTheDocument();
  });
});
