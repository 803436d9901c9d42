/** The consent box and the policy under it, in the page's language (issue 29). */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CONSENT_MESSAGES, PRIVACY_POLICY_VERSION } from '@grove/domain/privacy';

import { loadLanguage } from '../lib/i18n.ts';
import { ConsentCheckbox } from './consent-checkbox.tsx';

describe('ConsentCheckbox', () => {
  it('in Spanish: the refusal, the policy’s disclosure and its headings', async () => {
    await loadLanguage('es', ['app']);
    const onChange = vi.fn();
    render(
      <ConsentCheckbox
        statement="Acepto la política de privacidad."
        checked={false}
        onChange={onChange}
        error={CONSENT_MESSAGES.agreeRequired}
      />,
    );
    const box = screen.getByRole('checkbox', { name: 'Acepto la política de privacidad.' });
    expect(box).toHaveAccessibleDescription('Marque la casilla para aceptar la política de privacidad.');
    expect(screen.queryByText(CONSENT_MESSAGES.agreeRequired)).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByText('Lea la política de privacidad (en palabras sencillas)'));
    expect(screen.getByRole('heading', { name: 'Quién recibe datos' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Servicios que reciben datos' })).toBeInTheDocument();
    expect(screen.getByText(`Versión de la política: ${PRIVACY_POLICY_VERSION}.`)).toBeInTheDocument();
    expect(screen.getAllByText('Recibe:')).not.toHaveLength(0);
    expect(screen.queryByText('Who receives data')).not.toBeInTheDocument();
  });
});
