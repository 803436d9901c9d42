/**
 * "Contact support" on the account page (issue 14 item 4), through the real routes and providers
 * against the fake API: the form, its field messages (the domain's rules and the server's), the
 * hourly limit, and what a parent reads once the message is sent.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SUPPORT_MESSAGES, TICKET_LIMITS } from '@grove/domain/support';
import type { Ticket } from '@grove/domain/api/support';
import { supportApi } from '@grove/domain/api/endpoints/support';
import { userApi } from '@grove/domain/api/endpoints/user';

import { fakeApi, type FakeHandler } from '../../../test/fake-api.ts';
import { USERS, accountRoutes, fakeAccount, storeSession } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { domainText, loadLanguage } from '../../lib/i18n.ts';

const DETAILS = '/dashboard/account?segment=details';
const CREATE = supportApi.create;

function ticket(body: { subject: string; description: string }): Ticket {
  return {
    id: 41,
    ...body,
    status: 'new',
    priority: 'normal',
    channel: 'web',
    created_at: '2026-11-24T10:00:00.000Z',
    updated_at: '2026-11-24T10:00:00.000Z',
    url: null,
    requester: { id: USERS.parent.id, name: 'Jordan Parker', email: USERS.parent.email },
  };
}

async function openForm(create: FakeHandler = (request) => ({ status: 201, body: ticket(request.body as never) })) {
  storeSession();
  const api = fakeApi([...accountRoutes(fakeAccount()), [CREATE, create]]);
  renderApp(DETAILS);
  const form = await screen.findByRole('form', { name: 'Contact support' });
  return {
    api,
    form,
    user: userEvent.setup(),
    subject: within(form).getByRole('textbox', { name: /Subject/ }),
    message: within(form).getByRole('textbox', { name: /Message/ }),
    send: within(form).getByRole('button', { name: 'Send' }),
  };
}

describe('Contact support', () => {
  it('sits on the account page with a subject, a message and Send, and says support answers by e-mail', async () => {
    const { form, subject, message } = await openForm();
    expect(form).toHaveTextContent('we answer by e-mail');
    expect(subject).toHaveValue('');
    expect(subject).toHaveAttribute('maxlength', String(TICKET_LIMITS.subjectMax));
    expect(message.tagName).toBe('TEXTAREA');
    expect(message).toHaveAccessibleDescription(/leave out card numbers/);
  });

  it('sends the message, says where support will answer, and empties the form', async () => {
    const { api, user, subject, message, send } = await openForm();
    await user.type(subject, 'The band does not pair');
    await user.type(message, 'It blinks red.{Enter}We restarted the tablet.');
    await user.click(send);

    const status = await screen.findByText(SUPPORT_MESSAGES.ticketSent(USERS.parent.email));
    expect(status).toHaveAttribute('role', 'status');
    expect(status).toHaveFocus();
    expect(api.callsOf(CREATE).map((call) => call.body)).toEqual([
      { subject: 'The band does not pair', description: 'It blinks red.\nWe restarted the tablet.' },
    ]);
    const form = screen.getByRole('form', { name: 'Contact support' });
    expect(within(form).getByRole('textbox', { name: /Subject/ })).toHaveValue('');
    expect(within(form).getByRole('textbox', { name: /Message/ })).toHaveValue('');
  });

  it('asks for a subject before sending, without calling the server', async () => {
    const { api, user, subject, message, send, form } = await openForm();
    await user.type(message, 'Hello');
    await user.click(subject);
    await user.tab();
    expect(await within(form).findByText(SUPPORT_MESSAGES.subjectRequired)).toBeInTheDocument();
    expect(subject).toHaveAttribute('aria-invalid', 'true');
    await user.click(send);
    expect(api.callsOf(CREATE)).toEqual([]);
    expect(screen.queryByText(SUPPORT_MESSAGES.ticketSent(USERS.parent.email))).not.toBeInTheDocument();
  });

  it('shows the server’s field messages under their fields, and keeps what was written', async () => {
    const refusal = 'Remove the control characters (such as NUL) from this text.';
    const { user, subject, message, send, form } = await openForm({ status: 400, body: { description: [refusal] } });
    await user.type(subject, 'Billing');
    await user.type(message, 'Charged twice');
    await user.click(send);
    expect(await within(form).findByText(refusal)).toBeInTheDocument();
    expect(message).toHaveAttribute('aria-invalid', 'true');
    expect(message).toHaveValue('Charged twice');
    expect(screen.queryByText(SUPPORT_MESSAGES.ticketSent(USERS.parent.email))).not.toBeInTheDocument();
  });

  it('says when the hourly limit is reached', async () => {
    const { user, subject, message, send, form } = await openForm({
      status: 429,
      headers: { 'retry-after': '1200' },
      body: { detail: SUPPORT_MESSAGES.ticketRateLimited, code: 'throttled' },
    });
    await user.type(subject, 'Again');
    await user.type(message, 'One more question');
    await user.click(send);
    await waitFor(() => expect(within(form).getByRole('alert')).toHaveTextContent(SUPPORT_MESSAGES.ticketRateLimited));
  });

  it('is not offered to staff without a family account', async () => {
    storeSession();
    fakeApi([[userApi.info, { body: USERS.staff }]]);
    renderApp(DETAILS);
    expect(await screen.findByRole('form', { name: 'Contact details' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Contact support' })).not.toBeInTheDocument();
  });
});

describe('Contact support in Spanish', () => {
  it('is in Spanish, and so is what it says once the message is sent', async () => {
    await loadLanguage('es', ['app']);
    storeSession();
    fakeApi([
      ...accountRoutes(fakeAccount()),
      [CREATE, (request) => ({ status: 201, body: ticket(request.body as never) })],
    ]);
    renderApp(DETAILS);
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Comunicarse con soporte' });
    expect(form).toHaveTextContent('le respondemos por correo electrónico');
    await user.type(within(form).getByRole('textbox', { name: /Asunto/ }), 'La banda no se conecta');
    await user.type(within(form).getByRole('textbox', { name: /Mensaje/ }), 'Parpadea en rojo.');
    await user.click(within(form).getByRole('button', { name: 'Enviar' }));

    const sent = domainText(SUPPORT_MESSAGES.ticketSent(USERS.parent.email));
    expect(sent).not.toBe(SUPPORT_MESSAGES.ticketSent(USERS.parent.email));
    expect(await screen.findByText(sent)).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('form', { name: 'Contact support' })).not.toBeInTheDocument();
  });
});
