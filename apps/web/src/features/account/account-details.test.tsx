/**
 * Account details (issue 12 item 7) through the real routes and providers, against the fake API:
 * what a parent sees and changes — the contact details form, e-mail change, shipping with the PO
 * Box warning, password, people, devices and kiosk mode, the game link, orders, settings.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, MESSAGES, PO_BOX_WARNING } from '@grove/domain';
import type { UserInfo } from '@grove/domain/api/user';
import { accountApi } from '@grove/domain/api/endpoints/account';
import { billingApi } from '@grove/domain/api/endpoints/billing';
import { communicationsApi } from '@grove/domain/api/endpoints/communications';
import { userApi } from '@grove/domain/api/endpoints/user';

import { fakeApi, type FakeApi, type FakeRoute } from '../../../test/fake-api.ts';
import {
  USERS,
  accountRoutes,
  deviceFixture,
  fakeAccount,
  storeSession,
  type FakeAccount,
} from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { activeLanguage, loadLanguage } from '../../lib/i18n.ts';

const DETAILS = '/dashboard/account?segment=details';

// happy-dom's <select> has no `size` and its options no `defaultSelected`; React Hook Form reads
// both to decide whether a select was edited before the form was ready, and without them it keeps
// the first option instead of the saved value. Browsers have both.
for (const [proto, name, get] of [
  [HTMLSelectElement.prototype, 'size', (element: Element) => Number(element.getAttribute('size') ?? 0)],
  [HTMLOptionElement.prototype, 'defaultSelected', (element: Element) => element.hasAttribute('selected')],
] as const) {
  if (!(name in proto)) {
    Object.defineProperty(proto, name, {
      configurable: true,
      get(this: Element) {
        return get(this);
      },
    });
  }
}

function signedIn(state: FakeAccount, routes: FakeRoute[] = []): FakeApi {
  storeSession();
  return fakeApi([...accountRoutes(state), ...routes]);
}

async function openDetails(state: FakeAccount = fakeAccount(), routes: FakeRoute[] = []) {
  const api = signedIn(state, routes);
  const app = renderApp(DETAILS);
  const contact = await screen.findByRole('form', { name: 'Contact details' });
  return { api, app, state, contact, user: userEvent.setup() };
}

function form(name: string): HTMLElement {
  return screen.getByRole('form', { name });
}

function region(name: string): HTMLElement {
  return screen.getByRole('region', { name });
}

describe('contact details', () => {
  it('shows the saved details read-only, and Cancel restores them after an edit', async () => {
    const { contact, user } = await openDetails();
    const first = within(contact).getByRole('textbox', { name: /First name/ });
    expect(first).toHaveValue('Jordan');
    expect(first).toHaveAttribute('readonly');
    // The phone with its country picker, in the US mask.
    expect(within(contact).getByRole('textbox', { name: /Phone/ })).toHaveValue('(201) 555 0123');
    expect(within(contact).getByRole('combobox', { name: 'Country calling code' })).toHaveValue('US');

    await user.click(within(contact).getByRole('button', { name: 'Edit' }));
    expect(first).toHaveFocus();
    await user.clear(first);
    await user.type(first, 'Jo');
    await user.click(within(contact).getByRole('button', { name: 'Cancel' }));

    expect(within(contact).getByRole('textbox', { name: /First name/ })).toHaveValue('Jordan');
    expect(within(contact).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });

  it('a 57-character name shows the spec’s message and Save is disabled', async () => {
    const { contact, user } = await openDetails();
    await user.click(within(contact).getByRole('button', { name: 'Edit' }));
    const last = within(contact).getByRole('textbox', { name: /Last name/ });
    await user.clear(last);
    await user.type(last, 'P'.repeat(57));
    await user.tab();

    expect(await within(contact).findByText('Name must be less than 56 characters')).toBeInTheDocument();
    expect(last).toHaveAttribute('aria-invalid', 'true');
    expect(within(contact).getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('saves names and phone, and the header greets the new name without a reload', async () => {
    const { contact, user, api, state } = await openDetails();
    expect(screen.getAllByText('Hi, Jordan').length).toBeGreaterThan(0);
    await user.click(within(contact).getByRole('button', { name: 'Edit' }));
    const first = within(contact).getByRole('textbox', { name: /First name/ });
    await user.clear(first);
    await user.type(first, 'Jordana');
    const phone = within(contact).getByRole('textbox', { name: /Phone/ });
    await user.clear(phone);
    await user.type(phone, '2125550199');
    expect(phone).toHaveValue('(212) 555 0199');
    await user.click(within(contact).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.callsOf(userApi.patch)).toHaveLength(1));
    expect(api.callsOf(userApi.patch)[0]?.body).toEqual({
      first_name: 'Jordana',
      last_name: 'Parker',
      phonenumber: '2125550199',
      country: 'US',
    });
    expect(await screen.findAllByText('Hi, Jordana')).not.toHaveLength(0);
    expect(state.user.first_name).toBe('Jordana');
    expect(within(contact).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(contact).getByRole('textbox', { name: /Phone/ })).toHaveValue('(212) 555 0199');
    // The user record was put in place, not fetched again.
    expect(api.callsOf(userApi.info)).toHaveLength(1);
  });

  it('puts a server 400 under its field', async () => {
    const { contact, user } = await openDetails(fakeAccount(), [
      [
        userApi.patch,
        {
          status: 400,
          body: { last_name: ['This name is not allowed here.'] },
        },
      ],
    ]);
    await user.click(within(contact).getByRole('button', { name: 'Edit' }));
    await user.type(within(contact).getByRole('textbox', { name: /Last name/ }), 's');
    await user.click(within(contact).getByRole('button', { name: 'Save' }));

    const message = await within(contact).findByText('This name is not allowed here.');
    const last = within(contact).getByRole('textbox', { name: /Last name/ });
    expect(last).toHaveAttribute('aria-invalid', 'true');
    expect(last.getAttribute('aria-describedby')).toContain(message.closest('p')?.id);
    // Still editing, so the person can fix it.
    expect(within(contact).getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });
});

describe('e-mail address', () => {
  it('sends a link to the new address, shows the change as pending and can cancel it', async () => {
    const { user, api } = await openDetails();
    const card = form('E-mail address');
    await user.click(within(card).getByRole('button', { name: 'Edit' }));
    const email = within(card).getByRole('textbox', { name: /E-mail/ });
    await user.clear(email);
    await user.type(email, 'new@example.com');
    await user.click(within(card).getByRole('button', { name: 'Send the link' }));

    expect(await screen.findByText(ACCOUNT_MESSAGES.emailChangeSent('new@example.com'))).toBeInTheDocument();
    expect(api.callsOf(userApi.patch)[0]?.body).toEqual({ email: 'new@example.com' });
    // The address in use stays until the link is opened.
    expect(within(form('E-mail address')).getByRole('textbox', { name: /E-mail/ })).toHaveValue('parent@example.com');

    await user.click(screen.getByRole('button', { name: 'Cancel the change' }));
    await waitFor(() =>
      expect(screen.queryByText(ACCOUNT_MESSAGES.emailChangeSent('new@example.com'))).not.toBeInTheDocument(),
    );
    expect(api.callsOf(userApi.cancelEmailChange)).toHaveLength(1);
  });

  it('shows a pending change on arrival', async () => {
    await openDetails(fakeAccount({ ...USERS.parent, pending_email: 'jordan.new@example.com' }));
    expect(screen.getByText(ACCOUNT_MESSAGES.emailChangeSent('jordan.new@example.com'))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel the change' })).toBeInTheDocument();
  });
});

describe('shipping address', () => {
  it('warns about a PO Box without blocking Save, and keeps the note once saved', async () => {
    const { user, api } = await openDetails();
    const shipping = await screen.findByRole('form', { name: 'Shipping address' });
    await user.click(within(shipping).getByRole('button', { name: 'Edit' }));
    const address = within(shipping).getByRole('textbox', { name: /^Address/ });
    await user.clear(address);
    await user.type(address, 'PO Box 12');

    expect(await within(shipping).findByText(PO_BOX_WARNING)).toBeInTheDocument();
    expect(address).not.toHaveAttribute('aria-invalid');
    const save = within(shipping).getByRole('button', { name: 'Save' });
    expect(save).toBeEnabled();
    await user.click(save);

    await waitFor(() => expect(api.callsOf(userApi.patchShipping)).toHaveLength(1));
    expect(api.callsOf(userApi.patchShipping)[0]?.body).toMatchObject({ address_1: 'PO Box 12' });
    expect(await screen.findByText(PO_BOX_WARNING)).toBeInTheDocument();
    expect(within(form('Shipping address')).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });

  it('picks a US state from the list (territories and military codes too); elsewhere it is free text', async () => {
    const { user } = await openDetails();
    const shipping = await screen.findByRole('form', { name: 'Shipping address' });
    const state = within(shipping).getByRole('combobox', { name: /^State/ });
    expect(state).toHaveValue('NJ');
    expect(within(state).getByRole('option', { name: 'Puerto Rico (PR)' })).toBeInTheDocument();
    expect(within(state).getByRole('option', { name: /Armed Forces Europe.*\(AE\)/ })).toBeInTheDocument();

    await user.click(within(shipping).getByRole('button', { name: 'Edit' }));
    await user.selectOptions(within(shipping).getByRole('combobox', { name: /^Country/ }), 'DE');
    expect(await within(shipping).findByRole('textbox', { name: /State or region/ })).toBeInTheDocument();
    expect(within(shipping).getByRole('textbox', { name: /Postcode/ })).toBeInTheDocument();

    await user.click(within(shipping).getByRole('button', { name: 'Cancel' }));
    expect(within(shipping).getByRole('combobox', { name: /^State/ })).toHaveValue('NJ');
  });

  it('checks the zipcode against the selected country, again when the country changes (decision 0052)', async () => {
    const { user, api } = await openDetails();
    const shipping = await screen.findByRole('form', { name: 'Shipping address' });
    await user.click(within(shipping).getByRole('button', { name: 'Edit' }));
    const save = within(shipping).getByRole('button', { name: 'Save' });
    const zip = within(shipping).getByRole('textbox', { name: /ZIP code/ });

    // '12-345' has letters-and-digits shape, but no US ZIP code looks like it.
    await user.clear(zip);
    await user.type(zip, '12-345');
    await user.tab();
    expect(await within(shipping).findByText(MESSAGES.zipcodeInvalid)).toBeInTheDocument();
    expect(zip).toHaveAttribute('aria-invalid', 'true');
    expect(save).toBeDisabled();

    // A Canadian postal code is no US ZIP code either, until the country is Canada.
    await user.clear(zip);
    await user.type(zip, 'K1A 0B1');
    expect(await within(shipping).findByText(MESSAGES.zipcodeInvalid)).toBeInTheDocument();
    const country = within(shipping).getByRole('combobox', { name: /^Country/ });
    await user.selectOptions(country, 'CA');
    await waitFor(() => expect(within(shipping).queryByText(MESSAGES.zipcodeInvalid)).not.toBeInTheDocument());
    expect(within(shipping).getByRole('textbox', { name: /Postcode/ })).not.toHaveAttribute('aria-invalid');
    expect(save).toBeEnabled();

    // Back to the US: the same postcode is refused again, without touching the field.
    await user.selectOptions(country, 'US');
    expect(await within(shipping).findByText(MESSAGES.zipcodeInvalid)).toBeInTheDocument();
    await user.selectOptions(country, 'CA');
    await waitFor(() => expect(within(shipping).queryByText(MESSAGES.zipcodeInvalid)).not.toBeInTheDocument());

    await user.click(save);
    await waitFor(() => expect(api.callsOf(userApi.patchShipping)).toHaveLength(1));
    expect(api.callsOf(userApi.patchShipping)[0]?.body).toMatchObject({ zipcode: 'K1A 0B1', country: 'CA' });
  });
});

describe('password', () => {
  it('uses the shared rules with the person’s own names, and maps a wrong current password under its field', async () => {
    const { user } = await openDetails(fakeAccount(), [
      [
        userApi.changePassword,
        {
          status: 400,
          body: { current_password: [ACCOUNT_MESSAGES.currentPasswordWrong] },
        },
      ],
    ]);
    const card = form('Password');
    const save = within(card).getByRole('button', { name: 'Change password' });
    expect(save).toBeDisabled();
    await user.type(within(card).getByLabelText(/Current password/), 'Old-Pass-1');
    await user.type(within(card).getByLabelText(/^New password/), 'Jordan-Rocks-9');
    await user.tab();
    expect(await within(card).findByText('Password must not contain parts of the name')).toBeInTheDocument();

    const next = within(card).getByLabelText(/^New password/);
    await user.clear(next);
    await user.type(next, 'Sunny-Day-42');
    await user.type(within(card).getByLabelText(/Repeat the new password/), 'Sunny-Day-42');
    expect(save).toBeEnabled();
    await user.click(save);
    expect(await within(card).findByText(ACCOUNT_MESSAGES.currentPasswordWrong)).toBeInTheDocument();
  });
});

describe('people on the account', () => {
  it('lists each person with their status, and invites a caregiver', async () => {
    const { user, api } = await openDetails();
    const people = region('People on your account');
    const items = await within(people).findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Jordan Parker');
    expect(items[0]).toHaveTextContent('You');
    expect(items[0]).toHaveTextContent('Active');
    expect(items[1]).toHaveTextContent('Sam Parker');
    expect(items[1]).toHaveTextContent('Invited');
    expect(within(items[1]!).getByRole('button', { name: 'Resend invitation' })).toBeInTheDocument();
    // Nobody removes themselves or the person who pays.
    expect(within(items[0]!).queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();

    await user.click(within(people).getByRole('button', { name: 'Invite a caregiver' }));
    const invite = within(people).getByRole('form', { name: 'Invite a caregiver' });
    await user.type(within(invite).getByRole('textbox', { name: /First name/ }), 'Robin');
    await user.type(within(invite).getByRole('textbox', { name: /Last name/ }), 'Lee');
    await user.type(within(invite).getByRole('textbox', { name: /E-mail/ }), 'robin.lee@example.com');
    await user.click(within(invite).getByRole('button', { name: 'Send the invitation' }));

    expect(await within(people).findByText('We sent an invitation to robin.lee@example.com.')).toBeInTheDocument();
    expect(api.callsOf(accountApi.addUser, { id: 1 })[0]?.body).toEqual({
      first_name: 'Robin',
      last_name: 'Lee',
      email: 'robin.lee@example.com',
    });
    const row = within(people)
      .getAllByRole('listitem')
      .find((item) => item.textContent?.includes('Robin Lee'));
    expect(row).toHaveTextContent('Invited');
  });

  it('maps a refused invitation’s field messages into the form, with no notification', async () => {
    const { user } = await openDetails(fakeAccount(), [
      [
        accountApi.addUser,
        {
          status: 400,
          body: { hasErrors: true, email: [ACCOUNT_MESSAGES.emailTaken] },
        },
        { id: 1 },
      ],
    ]);
    const people = region('People on your account');
    await user.click(await within(people).findByRole('button', { name: 'Invite a caregiver' }));
    const invite = within(people).getByRole('form', { name: 'Invite a caregiver' });
    await user.type(within(invite).getByRole('textbox', { name: /First name/ }), 'Robin');
    await user.type(within(invite).getByRole('textbox', { name: /Last name/ }), 'Lee');
    await user.type(within(invite).getByRole('textbox', { name: /E-mail/ }), 'parent2@example.com');
    await user.click(within(invite).getByRole('button', { name: 'Send the invitation' }));

    const message = await within(invite).findByText(ACCOUNT_MESSAGES.emailTaken);
    expect(
      within(invite)
        .getByRole('textbox', { name: /E-mail/ })
        .getAttribute('aria-describedby'),
    ).toContain(message.closest('p')?.id);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(screen.queryByRole('region', { name: 'Notifications' })?.textContent ?? '').not.toContain(
      ACCOUNT_MESSAGES.emailTaken,
    );
  });

  it('an update answered with hasErrors stays in the form', async () => {
    const { user } = await openDetails(fakeAccount(), [
      [
        accountApi.updateUser,
        { body: { hasErrors: true, user: fakeAccount().account.users[1] } },
        { id: 1, userId: 14 },
      ],
    ]);
    const people = region('People on your account');
    const sam = (await within(people).findAllByRole('listitem'))[1]!;
    await user.click(within(sam).getByRole('button', { name: 'Edit' }));
    const edit = within(people).getByRole('form', { name: 'Change Sam Parker’s details' });
    await user.type(within(edit).getByRole('textbox', { name: /First name/ }), 'my');
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    expect(await within(edit).findByRole('alert')).toHaveTextContent('The change could not be saved.');
  });

  it('removes a caregiver after confirming in a dialog', async () => {
    const { user, api } = await openDetails();
    const people = region('People on your account');
    const sam = (await within(people).findAllByRole('listitem'))[1]!;
    await user.click(within(sam).getByRole('button', { name: 'Remove' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Sam Parker?' });
    expect(within(dialog).getByRole('button', { name: 'Keep' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsOf(accountApi.removeUser, { id: 1, userId: 14 })).toHaveLength(1);
    expect(within(people).queryByText('Sam Parker')).not.toBeInTheDocument();
    expect(within(people).getByText('Sam Parker was removed from the account.')).toBeInTheDocument();
  });
});

describe('devices', () => {
  it('shows each device’s type and last sync in the family’s time zone, with a labelled kiosk switch', async () => {
    await openDetails();
    const devices = region('Devices');
    const tablet = await within(devices).findByRole('listitem');
    expect(within(tablet).getByRole('heading', { level: 3, name: 'Parker family tablet' })).toBeInTheDocument();
    expect(tablet).toHaveTextContent('Tablet');
    expect(tablet).toHaveTextContent('11-20-2026 10:00:00 AM EST');
    const kiosk = within(tablet).getByRole('switch', { name: 'Kiosk mode Parker family tablet' });
    expect(kiosk).toHaveAttribute('aria-checked', 'false');
    expect(within(tablet).queryByText('Waiting for the tablet')).not.toBeInTheDocument();
  });

  it('turns kiosk mode on, and says it waits for the tablet until the device reads it', async () => {
    const { user, api } = await openDetails();
    const devices = region('Devices');
    const kiosk = await within(devices).findByRole('switch', { name: /Kiosk mode/ });
    await user.click(kiosk);

    await waitFor(() => expect(kiosk).toHaveAttribute('aria-checked', 'true'));
    expect(await within(devices).findByText('Waiting for the tablet')).toBeInTheDocument();
    expect(api.callsOf(accountApi.toggleKiosk, { id: 1, deviceId: 31 })[0]?.body).toEqual({
      is_kiosk_mode: true,
    });
    expect(kiosk.getAttribute('aria-describedby')).toBe(screen.getByText('Waiting for the tablet').id);
  });

  it('shows a pending kiosk change on arrival', async () => {
    await openDetails(
      fakeAccount(USERS.parent, { devices: [deviceFixture({ is_kiosk_mode: true, kiosk_mode_pending: true })] }),
    );
    const devices = region('Devices');
    expect(await within(devices).findByText('Waiting for the tablet')).toBeInTheDocument();
    expect(within(devices).getByRole('switch', { name: /Kiosk mode/ })).toHaveAttribute('aria-checked', 'true');
  });

  it('renames a device and revokes its token after confirming', async () => {
    const { user, api } = await openDetails();
    const devices = region('Devices');
    await user.click(await within(devices).findByRole('button', { name: 'Rename' }));
    const rename = within(devices).getByRole('form', { name: 'Rename Parker family tablet' });
    const name = within(rename).getByRole('textbox', { name: /Name/ });
    await user.clear(name);
    await user.type(name, 'Kitchen tablet');
    await user.click(within(rename).getByRole('button', { name: 'Save' }));
    expect(await within(devices).findByRole('heading', { name: 'Kitchen tablet' })).toBeInTheDocument();

    await user.click(within(devices).getByRole('button', { name: 'Revoke access' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke access of Kitchen tablet?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke access' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsOf(accountApi.revokeDevice, { id: 1, deviceId: 31 })).toHaveLength(1);
    expect(within(devices).getByText(/Revoked/)).toBeInTheDocument();
    expect(within(devices).queryByRole('button', { name: 'Revoke access' })).not.toBeInTheDocument();
  });
});

describe('the rest of the screen', () => {
  it('texts the game link to the person’s phone, and shows a 429’s message', async () => {
    let calls = 0;
    const { user, api } = await openDetails(fakeAccount(), [
      [
        communicationsApi.sendSms,
        () => {
          calls += 1;
          return calls === 1
            ? { status: 201, body: { id: 1, to: '+12015550123', kind: 'app_link', status: 'queued', created_at: '' } }
            : { status: 429, body: { detail: ACCOUNT_MESSAGES.smsRateLimited, code: 'rate_limited' } };
        },
      ],
    ]);
    const card = form('Get the game on a phone or tablet');
    expect(within(card).getByRole('textbox', { name: /Phone/ })).toHaveValue('(201) 555 0123');
    await user.click(within(card).getByRole('button', { name: 'Text me the game link' }));
    expect(await screen.findByText('We texted the link to (201) 555 0123.')).toBeInTheDocument();
    expect(api.callsOf(communicationsApi.sendSms)[0]?.body).toEqual({
      kind: 'app_link',
      phonenumber: '2015550123',
      country: 'US',
    });

    await user.click(within(card).getByRole('button', { name: 'Text me the game link' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.smsRateLimited);
  });

  it('lists the orders with the recent confirmed order first', async () => {
    await openDetails();
    const orders = region('Orders');
    const items = await within(orders).findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Grove Family — yearly');
    expect(items[0]).toHaveTextContent('Most recent');
    expect(items[0]).toHaveTextContent('Confirmed 03-01-2025 10:00:00 AM EST');
    expect(items[1]).toHaveTextContent('Waiting for payment');
  });

  it('reads a 404 of the orders as no orders, without a notification', async () => {
    await openDetails(fakeAccount(), [[billingApi.userOrders, { status: 404, body: { detail: 'Not found.' } }]]);
    expect(await within(region('Orders')).findByText('No orders yet.')).toBeInTheDocument();
  });

  it('turns the weekly summary e-mail off', async () => {
    const { user, api } = await openDetails();
    const settings = region('E-mail settings');
    const weekly = await within(settings).findByRole('switch', { name: 'Weekly summary e-mail' });
    expect(weekly).toHaveAttribute('aria-checked', 'true');
    await user.click(weekly);
    await waitFor(() => expect(weekly).toHaveAttribute('aria-checked', 'false'));
    expect(api.callsOf(userApi.patchNotifications)[0]?.body).toEqual({ weekly_digest: false });
  });

  it('saves the note to the coach', async () => {
    const { user, api } = await openDetails();
    const note = await screen.findByRole('form', { name: 'Note to your coach' });
    expect(note).toHaveTextContent('Casey Morgan, your coach, reads this before each call.');
    expect(within(note).getByRole('textbox', { name: /Note/ })).toHaveValue('Maya plays best after dinner.');
    await user.click(within(note).getByRole('button', { name: 'Edit' }));
    await user.type(within(note).getByRole('textbox', { name: /Note/ }), ' Eli likes mornings.');
    await user.click(within(note).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.callsOf(accountApi.setCustomNote, { id: 1 })[0]?.body).toEqual({
        custom_note: 'Maya plays best after dinner. Eli likes mornings.',
      }),
    );
    expect(await within(note).findByText(/Last changed by Jordan Parker on 11-21-2026/)).toBeInTheDocument();
  });

  it('deletes the note to the coach after asking, and offers no Delete once there is none', async () => {
    const { user, api } = await openDetails();
    const note = await screen.findByRole('form', { name: 'Note to your coach' });
    const text = within(note).getByRole('textbox', { name: /Note/ });
    expect(text).toHaveAttribute('readonly');
    await user.click(within(note).getByRole('button', { name: 'Edit' }));
    expect(text).not.toHaveAttribute('readonly');
    expect(
      within(note)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Save', 'Delete', 'Cancel']);

    await user.click(within(note).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the note to your coach?' });
    expect(api.callsOf(accountApi.setCustomNote, { id: 1 })).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete the note' }));
    await waitFor(() =>
      expect(api.callsOf(accountApi.setCustomNote, { id: 1 }).map((call) => call.body)).toEqual([{ custom_note: '' }]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(text).toHaveValue(''));
    expect(text).toHaveAttribute('readonly');
    await user.click(within(note).getByRole('button', { name: 'Edit' }));
    expect(within(note).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('sets the community name and the user record follows', async () => {
    const { user, app } = await openDetails();
    const community = form('Community name');
    await user.click(within(community).getByRole('button', { name: 'Edit' }));
    await user.selectOptions(within(community).getByRole('combobox', { name: 'Where' }), 'instagram');
    await user.type(within(community).getByRole('textbox', { name: /Your name there/ }), 'jordan.grows');
    await user.click(within(community).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(app.queryClient.getQueryData<UserInfo>(['auth', 'user-info'])?.social_account).toEqual({
        provider: 'instagram',
        handle: 'jordan.grows',
      }),
    );
  });

  it('links billing users to Subscription & Billing, and not others', async () => {
    await openDetails();
    expect(screen.getByRole('link', { name: 'Open Subscription & Billing' })).toHaveAttribute(
      'href',
      '/dashboard/account?segment=billing',
    );
  });

  it('shows staff without an account only what is theirs', async () => {
    storeSession();
    fakeApi([[userApi.info, { body: USERS.staff }]]);
    renderApp(DETAILS);
    expect(await screen.findByRole('form', { name: 'Contact details' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Password' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Devices' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Shipping address' })).not.toBeInTheDocument();
  });

  it('labels every control and keeps its headings in order', async () => {
    const { app } = await openDetails();
    await within(region('Devices')).findByRole('listitem');
    for (const control of app.container.querySelectorAll('input, select, textarea, button')) {
      const element = control as HTMLElement;
      const named =
        element.getAttribute('aria-label') ||
        element.getAttribute('aria-labelledby') ||
        (element.id && app.container.querySelector(`label[for="${element.id}"]`)) ||
        element.textContent?.trim();
      expect(named, element.outerHTML.slice(0, 120)).toBeTruthy();
    }
    const levels = [...app.container.querySelectorAll('main h1, main h2, main h3')].map((heading) =>
      Number(heading.tagName.slice(1)),
    );
    expect(levels[0]).toBe(1);
    for (let index = 1; index < levels.length; index++) {
      expect(levels[index]! - levels[index - 1]!).toBeLessThanOrEqual(1);
    }
  });
});

describe('in Spanish', () => {
  it('shows Account details in Spanish', async () => {
    await loadLanguage('es', ['app']);
    signedIn(fakeAccount());
    renderApp(DETAILS);
    const contact = await screen.findByRole('form', { name: 'Datos de contacto' });
    expect(within(contact).getByRole('button', { name: 'Editar' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Contraseña' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Idioma' })).toHaveTextContent(
      'Se usa en este sitio y en los correos electrónicos y mensajes de texto que le enviamos.',
    );
    const devices = screen.getByRole('region', { name: 'Dispositivos' });
    expect(await within(devices).findByRole('switch', { name: /Modo quiosco/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Abrir Suscripción y facturación' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Contact details' })).not.toBeInTheDocument();
    expect(
      screen.queryByText('Kiosk mode keeps a tablet in the game, so players cannot leave it.'),
    ).not.toBeInTheDocument();
  });
});

describe('language', () => {
  const languageCard = () => region('Language');

  it('stores the chosen language with the person, and the page switches to it', async () => {
    const { user, api, app, state } = await openDetails();
    api.on(userApi.patch, (request) => {
      state.user = { ...state.user, language: (request.body as { language: 'en' | 'es' }).language };
      return { body: state.user };
    });
    const picker = within(languageCard()).getByRole('combobox', { name: 'Language' });
    expect(picker).toHaveValue('en');
    expect(languageCard()).toHaveTextContent('Used for this site and for the e-mails and text messages we send you.');

    await user.selectOptions(picker, 'es');
    const card = await screen.findByRole('region', { name: 'Idioma' });
    expect(within(card).getByRole('combobox', { name: 'Idioma' })).toHaveValue('es');
    expect(screen.getByRole('form', { name: 'Datos de contacto' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('es');
    await waitFor(() => expect(api.callsOf(userApi.patch).map((call) => call.body)).toEqual([{ language: 'es' }]));
    await waitFor(() => expect(app.queryClient.getQueryData<UserInfo>(['auth', 'user-info'])?.language).toBe('es'));
    expect(localStorage.getItem('grove.language')).toBe('es');
  });

  it('keeps the page in its language when the choice cannot be stored, and says so', async () => {
    const { user, api, app } = await openDetails();
    api.on(userApi.patch, { status: 500, body: { detail: 'Server error' } });
    await user.selectOptions(within(languageCard()).getByRole('combobox', { name: 'Language' }), 'es');

    await waitFor(() => expect(api.callsOf(userApi.patch).map((call) => call.body)).toEqual([{ language: 'es' }]));
    expect(await screen.findByText('Changing your language')).toBeInTheDocument();
    await waitFor(() => expect(within(languageCard()).getByRole('combobox', { name: 'Language' })).toHaveValue('en'));
    expect(activeLanguage()).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(screen.getByRole('form', { name: 'Contact details' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Idioma' })).not.toBeInTheDocument();
    expect(app.queryClient.getQueryData<UserInfo>(['auth', 'user-info'])?.language).toBeNull();
  });
});
