/**
 * /shared/:token (issue 17 item 5) through the real routes: the summary without signing in, marked
 * noindex while shown, and one page for a link that no longer works.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SharedSummary } from '@grove/domain/api/sharing';
import { sharingApi } from '@grove/domain/api/endpoints/sharing';

import { fakeApi } from '../../../test/fake-api.ts';
import { storeSession } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { loadLanguage } from '../../lib/i18n.ts';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';
const SUMMARY: SharedSummary = {
  display_name: 'M.',
  from_date: '2025-03-03',
  to_date: '2025-03-16',
  shown_until: '2025-03-16',
  expires_at: '2025-04-02T15:00:00.000Z',
  goal_minutes: 45,
  totals: { sessions: 3, seconds_played: 3600, hr_rises: 5, cool_downs: 3, average_cool_down_seconds: 27 },
  weeks: [
    {
      week_start: '2025-03-03',
      seconds_played: 600,
      minutes: 10,
      sessions: 1,
      hr_rises: 2,
      cool_downs: 1,
      average_cool_down_seconds: 30,
    },
    {
      week_start: '2025-03-10',
      seconds_played: 3000,
      minutes: 50,
      sessions: 2,
      hr_rises: 3,
      cool_downs: 2,
      average_cool_down_seconds: 25,
    },
  ],
  hr_gauge: { at_start: 6, at_end: 8, changes: [{ changed_on: '2025-03-10', old_value: 6, new_value: 8 }] },
  chase_speed: { at_start: 5, at_end: 5, changes: [] },
  streak: { weeks: 1, this_week_met: true, longest_weeks: 1 },
};

const robots = () => document.head.querySelector('meta[name="robots"]')?.getAttribute('content');

describe('the shared summary', () => {
  it('shows the player’s summary without signing in, sends no session, and asks not to be indexed', async () => {
    storeSession(); // the viewer happens to be signed in to Grove: the summary does not use it
    const api = fakeApi([
      [sharingApi.summary, { body: SUMMARY }, { token: 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde' }],
    ]);
    renderApp(`/shared/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'M.’s play summary' })).toBeInTheDocument();
    expect(screen.getByText('March 3, 2025 to March 16, 2025')).toBeInTheDocument();
    expect(robots()).toBe('noindex');
    expect(
      api
        .callsOf(sharingApi.summary, { token: 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde' })[0]!
        .headers.get('authorization'),
    ).toBeNull();
    expect(api.calls.every((call) => call.path.startsWith('/api/v1/shared/'))).toBe(true);

    const totals = screen.getByRole('region', { name: 'In these 2 weeks' });
    expect(within(totals).getByText('1 h')).toBeInTheDocument();
    expect(within(totals).getByText('1 of 2')).toBeInTheDocument();
    expect(within(totals).getByText('27 s on average')).toBeInTheDocument();
    expect(
      within(totals).getByText('1 week in a row at the 45-minute goal at the end of this period.'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: /Minutes played each week/ })).toBeInTheDocument();
    const gauge = screen.getByRole('region', { name: 'Heart-rate gauge' });
    expect(within(gauge).getByText('6 at the start, 8 at the end.')).toBeInTheDocument();
    expect(within(gauge).getByRole('row', { name: 'March 10, 2025 6 8' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Chase speed' })).getByText('5 throughout.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('answers a link that no longer works with one page, whatever the reason', async () => {
    fakeApi([
      [
        sharingApi.summary,
        { status: 404, body: { detail: 'Not found.', code: 'not_found' } },
        { token: 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde' },
      ],
    ]);
    const app = renderApp(`/shared/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'This link no longer works' })).toBeInTheDocument();
    expect(robots()).toBe('noindex');
    expect(document.body.textContent).not.toContain(TOKEN);
    app.unmount();
    expect(robots()).toBeUndefined();
  });
});

describe('the shared summary in Spanish', () => {
  it('shows the summary in Spanish: title, dates, totals, streak and settings', async () => {
    await loadLanguage('es', ['app']);
    fakeApi([[sharingApi.summary, { body: SUMMARY }, { token: TOKEN }]]);
    renderApp(`/shared/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Resumen de juego de M.' })).toBeInTheDocument();
    expect(screen.getByText('Del 3 de marzo de 2025 al 16 de marzo de 2025')).toBeInTheDocument();
    const totals = screen.getByRole('region', { name: 'En estas 2 semanas' });
    expect(
      within(totals).getByText('1 semana seguida con la meta de 45 minutos al final de este período.'),
    ).toBeInTheDocument();
    const gauge = screen.getByRole('region', { name: 'Indicador de pulso' });
    expect(within(gauge).getByText('6 al principio, 8 al final.')).toBeInTheDocument();
    expect(within(gauge).getByRole('columnheader', { name: 'Fecha' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Velocidad de persecución' })).getByText('5 durante todo el período.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Imprimir' })).toBeInTheDocument();
    expect(
      screen.getByText(/^Las semanas empiezan el lunes; solo cuentan los días a partir del 3 de marzo de 2025\./),
    ).toBeInTheDocument();
    expect(screen.queryByText(/play summary/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Print' })).not.toBeInTheDocument();
  });

  it('says in Spanish that a link no longer works', async () => {
    await loadLanguage('es', ['app']);
    fakeApi([
      [sharingApi.summary, { status: 404, body: { detail: 'Not found.', code: 'not_found' } }, { token: TOKEN }],
    ]);
    renderApp(`/shared/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Este enlace ya no funciona' })).toBeInTheDocument();
    expect(screen.queryByText('This link no longer works')).not.toBeInTheDocument();
  });
});
