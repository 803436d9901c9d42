/** The shipping address form's words in the page's language (issue 29). */
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ShippingAnswer } from '@grove/domain/api/user';

import { loadLanguage } from '../lib/i18n.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { ShippingEditor } from './shipping-editor.tsx';

const SHIPPING = {
  address_1: '12 Oak Street',
  address_2: '',
  city: 'Springfield',
  state: 'IL',
  zipcode: '62701',
  country: 'US',
  warnings: {},
} as unknown as ShippingAnswer;

function renderEditor(shipping: ShippingAnswer = SHIPPING) {
  const save = vi.fn(async () => shipping);
  render(
    <QueryClientProvider client={createQueryClient({ retry: false })}>
      <ShippingEditor shipping={shipping} save={save} />
    </QueryClientProvider>,
  );
  return { save, user: userEvent.setup() };
}

describe('ShippingEditor', () => {
  it('in English: the spec’s title, labels and country names', () => {
    renderEditor();
    expect(screen.getByRole('heading', { name: 'Shipping address' })).toBeInTheDocument();
    expect(screen.getByText('Where we send kits and replacement parts.')).toBeInTheDocument();
    expect(screen.getByLabelText(/ZIP code/)).toHaveValue('62701');
    expect(within(screen.getByLabelText(/Country/)).getByRole('option', { name: 'United States' })).toBeInTheDocument();
  });

  it('in Spanish: title, labels, the state list’s prompt and the countries in Spanish; US states as they are', async () => {
    await loadLanguage('es', ['app']);
    const { user } = renderEditor();
    expect(screen.getByRole('heading', { name: 'Dirección de envío' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Shipping address' })).not.toBeInTheDocument();
    expect(screen.getByText('Adonde enviamos los kits y las piezas de repuesto.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Dirección' })).toHaveValue('12 Oak Street');
    expect(screen.getByLabelText(/Código postal/)).toHaveValue('62701');
    const state = screen.getByLabelText(/Estado/);
    expect(within(state).getByRole('option', { name: 'Elija un estado' })).toBeInTheDocument();
    expect(within(state).getByRole('option', { name: 'Illinois (IL)' })).toBeInTheDocument();
    const country = screen.getByLabelText(/País/);
    expect(within(country).getByRole('option', { name: 'Estados Unidos' })).toBeInTheDocument();
    expect(within(country).getByRole('option', { name: 'Alemania' })).toBeInTheDocument();
    expect(within(country).queryByRole('option', { name: 'Germany' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Editar' }));
    await user.selectOptions(country, 'DE');
    expect(screen.getByLabelText(/Estado o región/)).toBeInTheDocument();
  });

  it('in Spanish: the saved address’s PO Box note', async () => {
    await loadLanguage('es', ['app']);
    renderEditor({
      ...SHIPPING,
      address_1: 'PO Box 12',
      warnings: {
        address_1: ['Orders to PO Boxes ship by ground only: no expedited shipping, please allow extra time.'],
      },
    } as unknown as ShippingAnswer);
    expect(
      screen.getByText(
        'Los pedidos a apartados postales (PO Box) se envían solo por tierra: sin envío urgente; cuente con más tiempo.',
      ),
    ).toHaveTextContent(/^Nota: Los pedidos/);
  });
});
