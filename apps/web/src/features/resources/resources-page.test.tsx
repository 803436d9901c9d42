/**
 * Resources in Spanish (issue 29 item 1): the screen around the articles — search, count, the
 * categories, an article's frame, nothing found — and the articles themselves (articles/es, loaded
 * when a Spanish page first shows Resources) in the page's language, with the search through their
 * Spanish words. English is tested with the routes (app/routes/resources.test.tsx).
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { userApi } from '@grove/domain/api/endpoints/user';

import { fakeApi } from '../../../test/fake-api.ts';
import { storeSession } from '../../../test/fixtures.ts';
import { chooseLanguage, loadLanguage } from '../../lib/i18n.ts';
import { ARTICLES } from './articles.ts';
import { ResourcesPage } from './resources-page.tsx';

function renderAt(path: string) {
  storeSession();
  // Opening an article records that it was read.
  fakeApi([[userApi.recordAction, { body: { action: 'read_resource', done_at: '2026-11-20T10:00:00.000Z' } }]]);
  render(
    <MemoryRouter initialEntries={[path]}>
      <ResourcesPage />
    </MemoryRouter>,
  );
}

describe('resources, in Spanish', () => {
  it('lists the articles under Spanish headings, and says when a search finds nothing', async () => {
    await loadLanguage('es', ['app']);
    renderAt('/dashboard/resources');

    expect(await screen.findByRole('heading', { level: 1, name: 'Recursos' })).toBeInTheDocument();
    expect(screen.getByLabelText('Buscar en los recursos')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(`${ARTICLES.length} artículos`);
    for (const category of ['Primeros pasos', 'Los juegos', 'El programa', 'En casa', 'Preguntas']) {
      expect(screen.getByRole('heading', { level: 2, name: category })).toBeInTheDocument();
    }
    expect(screen.queryByRole('heading', { level: 2, name: 'The games' })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Buscar en los recursos'), 'zzzz');
    expect(screen.getByRole('status')).toHaveTextContent('0 artículos para “zzzz”');
    expect(screen.getByText('Ningún artículo coincide con su búsqueda')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Soporte (se abre en una pestaña nueva)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Borrar la búsqueda' })).toBeInTheDocument();
    expect(screen.queryByText('No articles match your search')).not.toBeInTheDocument();
  });

  it('frames an article in Spanish, and says when one is not found', async () => {
    await loadLanguage('es', ['app']);
    renderAt('/dashboard/resources?article=acorns');

    expect(await screen.findByRole('heading', { level: 1, name: 'Bellotas' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a todos los recursos' })).toBeInTheDocument();
    expect(screen.getByText('Los juegos', { selector: '.pill' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '¿Todavía tiene preguntas?' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Más en Los juegos' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Bellotas · Recursos · Grove'));
    expect(screen.queryByText('Back to all resources')).not.toBeInTheDocument();
  });

  it('says in Spanish that an article is not there', async () => {
    await loadLanguage('es', ['app']);
    renderAt('/dashboard/resources?article=no-such-article');

    expect(await screen.findByText('No encontramos ese artículo')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a todos los recursos' })).toBeInTheDocument();
    expect(screen.queryByText('We couldn’t find that article')).not.toBeInTheDocument();
  });

  it('lists the Spanish articles, finds them by Spanish words and opens one in Spanish', async () => {
    await loadLanguage('es', ['app']);
    renderAt('/dashboard/resources');

    const games = await screen.findByRole('region', { name: 'Los juegos' });
    expect(
      within(games)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Subidas del pulso y recuperaciones', 'El indicador de pulso', 'Velocidad de persecución', 'Bellotas']);
    expect(screen.getByText('Pruebe con una palabra como “banda”, “bellotas” o “dormir”.')).toBeInTheDocument();
    expect(screen.queryByText('Wearing the heart-rate band')).not.toBeInTheDocument();
    expect(screen.queryByText(/Try a word/)).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Buscar en los recursos'), 'banda sin señal');
    expect(screen.getByRole('status')).toHaveTextContent('1 artículo para “banda sin señal”');
    await user.click(screen.getByRole('link', { name: 'Cómo ponerse la banda de pulso' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Cómo ponerse la banda de pulso' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Solución de problemas: “sin señal”' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Primeros pasos' })).toHaveAttribute(
      'href',
      '/dashboard/resources?q=banda+sin+se%C3%B1al&article=getting-started',
    );
    expect(screen.queryByText('Troubleshooting: “no signal”')).not.toBeInTheDocument();
  });

  it('follows a change of language on the page', async () => {
    renderAt('/dashboard/resources?article=chase-speed');
    expect(screen.getByRole('heading', { level: 1, name: 'Chase speed' })).toBeInTheDocument();

    await act(() => chooseLanguage('es'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Velocidad de persecución' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Por qué importa la velocidad' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Why speed matters' })).not.toBeInTheDocument();
  });
});
