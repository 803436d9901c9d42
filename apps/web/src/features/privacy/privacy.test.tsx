/**
 * Consent and the privacy page (issue 17): Account → Privacy shows the policy, who receives data,
 * the consent history and the analytics switch (each change saved); a household that has not
 * agreed to the policy in force is asked in a blocking dialog at sign-in; staff are never asked.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CONSENT_MESSAGES, PRIVACY_POLICY_VERSION, THIRD_PARTIES } from '@grove/domain/privacy';
import type { ConsentRecord, PrivacyStatus } from '@grove/domain/api/privacy';
import { privacyApi } from '@grove/domain/api/endpoints/privacy';

import { fakeApi, type FakeRequest } from '../../../test/fake-api.ts';
import { USERS, accountRoutes, fakeAccount, storeSession } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { domainText, loadLanguage } from '../../lib/i18n.ts';

const PROGRAM: ConsentRecord = {
  id: 1,
  kind: 'program_terms',
  granted: true,
  policy_version: PRIVACY_POLICY_VERSION,
  created_at: '2026-03-02T15:00:00.000Z',
  user: { id: 6, name: 'Jordan Parker' },
  player: null,
};

function statusOf(overrides: Partial<PrivacyStatus> = {}): PrivacyStatus {
  const consents = overrides.consents ?? [PROGRAM];
  return {
    policy_version: PRIVACY_POLICY_VERSION,
    is_parent: true,
    must_consent: false,
    consented_version: PRIVACY_POLICY_VERSION,
    analytics: 'off',
    payment_texts: 'off',
    consent_count: consents.length,
    consents,
    ...overrides,
  };
}

/** The account screen's fake API plus the privacy status, which the PUT and POST change. */
function privacyServer(initial: PrivacyStatus, user = USERS.parent) {
  let status = initial;
  let nextId = 10;
  const api = fakeApi([
    ...accountRoutes(fakeAccount(user)),
    [privacyApi.status, () => ({ body: status })],
    [
      privacyApi.analytics,
      (request: FakeRequest) => {
        const analytics = (request.body as { analytics: 'on' | 'off' }).analytics;
        const record: ConsentRecord = {
          ...PROGRAM,
          id: nextId++,
          kind: 'analytics',
          granted: analytics === 'on',
          created_at: '2026-11-20T15:00:00.000Z',
        };
        status = {
          ...status,
          analytics,
          consents: [record, ...status.consents],
          consent_count: status.consent_count + 1,
        };
        return { body: status };
      },
    ],
    [
      privacyApi.agree,
      () => {
        status = { ...status, must_consent: false, consented_version: PRIVACY_POLICY_VERSION };
        return { status: 201, body: status };
      },
    ],
  ]);
  return api;
}

describe('Account → Privacy', () => {
  it('shows the policy, who receives data and the consent history, from the Privacy tab', async () => {
    storeSession();
    privacyServer(
      statusOf({
        consents: [{ ...PROGRAM, id: 2, kind: 'player_added', player: { id: 4, name: 'Eli' } }, PROGRAM],
      }),
    );
    const app = renderApp('/dashboard/account?segment=details');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Privacy' }));
    await waitFor(() => expect(app.location()).toBe('/dashboard/account?segment=privacy'));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Privacy' })).toHaveAttribute('aria-current', 'page'));

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Our privacy policy in plain words' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'How long' })).toBeInTheDocument();
    const parties = screen.getByRole('list', { name: 'Services that receive data' });
    expect(within(parties).getAllByRole('listitem')).toHaveLength(THIRD_PARTIES.length);
    expect(within(parties).getByText(/Payments: Stripe/)).toBeInTheDocument();
    expect(within(parties).getByText(/Text messages: Twilio/)).toBeInTheDocument();

    const history = await screen.findByRole('table', { name: 'Consent history, newest first' });
    const rows = within(history).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Mar 2, 2026', 'Parental consent for a new player: Eli', PRIVACY_POLICY_VERSION, 'Jordan Parker'],
      ['Mar 2, 2026', 'Privacy policy and parental consent', PRIVACY_POLICY_VERSION, 'Jordan Parker'],
    ]);
  });

  it('saves the analytics choice, off by default, each way', async () => {
    storeSession();
    const api = privacyServer(statusOf());
    renderApp('/dashboard/account?segment=privacy');
    const user = userEvent.setup();
    const analytics = await screen.findByRole('switch', { name: 'Share usage statistics' });
    expect(analytics).toHaveAttribute('aria-checked', 'false');

    await user.click(analytics);
    await waitFor(() => expect(analytics).toHaveAttribute('aria-checked', 'true'));
    expect(await screen.findByRole('cell', { name: 'Analytics turned on' })).toBeInTheDocument();
    await user.click(analytics);
    await waitFor(() => expect(analytics).toHaveAttribute('aria-checked', 'false'));
    expect(api.callsOf(privacyApi.analytics).map((call) => call.body)).toEqual([
      { analytics: 'on' },
      { analytics: 'off' },
    ]);
  });

  it('is not offered to staff', async () => {
    storeSession();
    const api = privacyServer(statusOf({ is_parent: false }), USERS.staff);
    const app = renderApp('/dashboard/account?segment=privacy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Account' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Privacy' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Our privacy policy in plain words' })).not.toBeInTheDocument();
    expect(app.location()).toBe('/dashboard/account?segment=privacy');
    expect(api.callsOf(privacyApi.status)).toHaveLength(0);
  });
});

describe('a new policy version', () => {
  it('asks the parent in a dialog that only agreeing (or signing out) ends', async () => {
    storeSession();
    const api = privacyServer(statusOf({ must_consent: true, consented_version: '2025-01-01' }));
    renderApp('/dashboard/account?segment=details');
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Our privacy policy has changed' });
    expect(dialog).toHaveTextContent('you last agreed to version 2025-01-01');
    expect(within(dialog).getByRole('link', { name: 'Sign out' })).toHaveAttribute('href', '/logout');
    const box = within(dialog).getByRole('checkbox', { name: /I agree to Grove’s privacy policy/ });
    expect(box).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Our privacy policy has changed' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Agree and continue' }));
    expect(within(dialog).getByText(CONSENT_MESSAGES.agreeRequired)).toBeInTheDocument();
    expect(api.callsOf(privacyApi.agree)).toHaveLength(0);

    await user.click(box);
    await user.click(within(dialog).getByRole('button', { name: 'Agree and continue' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Our privacy policy has changed' })).not.toBeInTheDocument(),
    );
    expect(api.callsOf(privacyApi.agree).map((call) => call.body)).toEqual([{ consent: true }]);
  });

  it('asks nothing of a household that agreed to the version in force', async () => {
    storeSession();
    const api = privacyServer(statusOf());
    renderApp('/dashboard/account?segment=details');
    expect(await screen.findByRole('form', { name: 'Contact details' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsOf(privacyApi.status)).toHaveLength(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('in Spanish', () => {
  it('shows Account → Privacy in Spanish, dates included', async () => {
    await loadLanguage('es', ['app']);
    storeSession();
    privacyServer(
      statusOf({
        consents: [{ ...PROGRAM, id: 2, kind: 'player_added', player: { id: 4, name: 'Eli' } }, PROGRAM],
      }),
    );
    renderApp('/dashboard/account?segment=privacy');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Nuestra política de privacidad en palabras sencillas' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('switch', { name: 'Compartir estadísticas de uso' })).toBeInTheDocument();
    const history = await screen.findByRole('table', {
      name: 'Historial de consentimientos, del más reciente al más antiguo',
    });
    expect(within(history).getByRole('columnheader', { name: 'Fecha' })).toBeInTheDocument();
    const rows = within(history).getAllByRole('row').slice(1);
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      '2 mar 2026',
      'Consentimiento de los padres para un nuevo jugador: Eli',
      PRIVACY_POLICY_VERSION,
      'Jordan Parker',
    ]);
    expect(screen.queryByText('Consent history, newest first')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your consent history' })).not.toBeInTheDocument();
  });

  it('asks for consent to a new policy in Spanish', async () => {
    await loadLanguage('es', ['app']);
    storeSession();
    privacyServer(statusOf({ must_consent: true, consented_version: '2025-01-01' }));
    renderApp('/dashboard/account?segment=details');
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Nuestra política de privacidad cambió' });
    expect(dialog).toHaveTextContent('usted aceptó por última vez la versión 2025-01-01');
    expect(within(dialog).getByRole('link', { name: 'Cerrar sesión' })).toHaveAttribute('href', '/logout');
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar y continuar' }));
    expect(within(dialog).getByText(domainText(CONSENT_MESSAGES.agreeRequired))).toBeInTheDocument();
    expect(within(dialog).queryByText(CONSENT_MESSAGES.agreeRequired)).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Agree and continue' })).not.toBeInTheDocument();
  });
});
