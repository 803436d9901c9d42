/**
 * The admin account page (issues 6 and 14): staff change a player's gauge, chase speed and acorns,
 * write, edit and delete notes (the count follows), tag and untag, and assign a coach after a
 * confirmation that names both coaches.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { adminApi as adminContract } from '@grove/domain/api/admin';
import type { Reply } from '@grove/domain/api/common';
import { accountApi } from '@grove/domain/api/endpoints/account';
import { adminApi } from '@grove/domain/api/endpoints/admin';
import { backofficeApi } from '@grove/domain/api/endpoints/backoffice';
import { billingApi } from '@grove/domain/api/endpoints/billing';
import { coachingApi } from '@grove/domain/api/endpoints/coaching';
import { playersApi } from '@grove/domain/api/endpoints/players';
import { supportApi } from '@grove/domain/api/endpoints/support';

import type { FakeApi, FakeRoute } from '../../../test/fake-api.ts';
import type { playerPage } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import {
  adminAccountFixture,
  adminAccountPageRoutes,
  asStaff,
  keysetPage,
  type AdminAccount,
} from '../../../test/staff.ts';
import { invoiceFixture, subscriptionFixture } from '../../features/billing/billing.fixtures.ts';
import { interactionFixture, interactionRoutes } from '../../features/interactions/interactions.fixtures.ts';

type Records = Parameters<typeof playerPage>[0];
type Note = Reply<typeof adminContract.note>;

const COACHES = [
  {
    id: 31,
    name: 'Casey Morgan',
    first_name: 'Casey',
    title: 'Coach',
    bio: '',
    time_zone: 'America/New_York',
    widget_id: 'casey',
    accepts_bookings: true,
  },
  {
    id: 32,
    name: 'Robin Hale',
    first_name: 'Robin',
    title: 'Coach',
    bio: '',
    time_zone: 'America/Chicago',
    widget_id: 'robin',
    accepts_bookings: true,
  },
];

/** The account these tests show: tagged vip, coached by Casey Morgan. */
function adminAccount(changes: Partial<AdminAccount> = {}): AdminAccount {
  return adminAccountFixture({ tags: ['vip'], coach_user: { id: 31, name: 'Casey Morgan' }, ...changes });
}

function note(id: number, text: string): Note {
  return {
    id,
    account_id: 1,
    text,
    author: { id: 9, name: 'Staff Member' },
    edited_by: null,
    created_at: '2026-11-20T15:00:00Z',
    updated_at: '2026-11-20T15:00:00Z',
  };
}

function asStaffOf(records: Records, routes: FakeRoute[] = []): FakeApi {
  return asStaff([
    ...adminAccountPageRoutes({ account: adminAccount(), players: () => records, coaches: COACHES }),
    ...routes,
  ]);
}

function playerCard(name: string): HTMLElement {
  return screen.getByRole('heading', { level: 3, name }).closest('li') as HTMLElement;
}

describe('staff editor of gauge, chase speed and acorns', () => {
  it('lists the account’s players with their settings and a link to each player’s home', async () => {
    asStaffOf([
      { id: 1, name: 'Maya', hr_gauge: 2, chase_speed: 9, acorns: 5273 },
      { id: 2, name: 'Eli', hr_gauge: 8, chase_speed: 4, acorns: 12 },
    ]);
    renderApp('/admin/accounts/1');
    const maya = await screen.findByRole('heading', { level: 3, name: 'Maya' });
    expect(maya).toBeInTheDocument();
    const card = playerCard('Maya');
    expect(within(card).getByRole('textbox', { name: /^Gauge/ })).toHaveValue('2');
    expect(within(card).getByRole('textbox', { name: /^Gauge/ })).toHaveAttribute('readonly');
    expect(within(card).getByRole('textbox', { name: /^Chase speed/ })).toHaveValue('9');
    expect(within(card).getByText('Balance: 5,273 acorns')).toBeInTheDocument();
    expect(within(card).queryByLabelText(/Reason/)).not.toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'View home of Maya' })).toHaveAttribute('href', '/dashboard?pid=1');
    expect(within(playerCard('Eli')).getByRole('textbox', { name: /^Chase speed/ })).toHaveValue('4');
  });

  it('submits a new chase speed with its reason and shows the saved value', async () => {
    const records: Records = [{ id: 1, name: 'Maya', hr_gauge: 2, chase_speed: 9, acorns: 5273 }];
    const api = asStaffOf(records, [
      [
        playersApi.chaseSpeed.set,
        (request) => {
          const body = request.body as { value: number; reason: string };
          records[0] = { ...records[0]!, chase_speed: body.value };
          return { body: { player_id: 1, chase_speed: body.value, history: [] } };
        },
        { id: 1 },
      ],
    ]);
    renderApp('/admin/accounts/1');
    await screen.findByRole('heading', { level: 3, name: 'Maya' });
    const form = screen.getByRole('form', { name: 'Chase speed of Maya' });
    const user = userEvent.setup();

    await user.click(within(form).getByRole('button', { name: 'Edit' }));
    const value = within(form).getByLabelText(/^Chase speed/);
    await user.clear(value);
    await user.type(value, '4');
    // A reason is required before Save.
    expect(within(form).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(within(form).getByLabelText(/^Reason for the change/), 'Coach review: ready for a calmer pace');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Maya’s chase speed is now 4.')).toBeInTheDocument();
    const [call] = api.callsOf(playersApi.chaseSpeed.set, { id: 1 });
    expect(call?.body).toEqual({ value: 4, reason: 'Coach review: ready for a calmer pace' });
    expect(call?.headers.get('x-csrftoken')).toBe('csrf-1');
    await waitFor(() =>
      expect(
        within(screen.getByRole('form', { name: 'Chase speed of Maya' })).getByLabelText(/^Chase speed/),
      ).toHaveValue('4'),
    );
    expect(within(form).queryByLabelText(/^Reason/)).not.toBeInTheDocument();
    // The reason is cleared for the next change.
    await user.click(within(form).getByRole('button', { name: 'Edit' }));
    expect(within(form).getByLabelText(/^Reason for the change/)).toHaveValue('');
  });

  it('checks the range with the shared rule before sending', async () => {
    asStaffOf([{ id: 1, name: 'Maya', hr_gauge: 2, chase_speed: 9, acorns: 5273 }]);
    renderApp('/admin/accounts/1');
    await screen.findByRole('heading', { level: 3, name: 'Maya' });
    const form = screen.getByRole('form', { name: 'Gauge of Maya' });
    const user = userEvent.setup();
    await user.click(within(form).getByRole('button', { name: 'Edit' }));
    const value = within(form).getByLabelText(/^Gauge/);
    await user.clear(value);
    await user.type(value, '11');
    await user.type(within(form).getByLabelText(/^Reason for the change/), 'Testing');

    expect(await within(form).findByText('Must be between 1 and 10.')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('shows the server’s validation message under the field', async () => {
    asStaffOf(
      [{ id: 1, name: 'Maya', hr_gauge: 2, chase_speed: 9, acorns: 20 }],
      [[playersApi.acorns.add, { status: 400, body: { amount: ['The balance may not go below 0.'] } }, { id: 1 }]],
    );
    renderApp('/admin/accounts/1');
    await screen.findByRole('heading', { level: 3, name: 'Maya' });
    const form = screen.getByRole('form', { name: 'Acorns of Maya' });
    const user = userEvent.setup();
    await user.click(within(form).getByRole('button', { name: 'Edit' }));
    await user.type(within(form).getByLabelText(/^Acorns to add/), '-50');
    await user.type(within(form).getByLabelText(/^Reason for the change/), 'Testing');
    await user.click(within(form).getByRole('button', { name: 'Add acorns' }));

    expect(await within(form).findByText('The balance may not go below 0.')).toBeInTheDocument();
    expect(within(form).getByLabelText(/^Acorns to add/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('adds acorns and says the new balance', async () => {
    const records: Records = [{ id: 1, name: 'Maya', hr_gauge: 2, chase_speed: 9, acorns: 100 }];
    const api = asStaffOf(records, [
      [
        playersApi.acorns.add,
        (request) => {
          const body = request.body as { amount: number };
          records[0] = { ...records[0]!, acorns: (records[0]!.acorns ?? 0) + body.amount };
          return { body: { player_id: 1, acorns: records[0]!.acorns, history: [] } };
        },
        { id: 1 },
      ],
    ]);
    renderApp('/admin/accounts/1');
    await screen.findByRole('heading', { level: 3, name: 'Maya' });
    const form = screen.getByRole('form', { name: 'Acorns of Maya' });
    const user = userEvent.setup();
    await user.click(within(form).getByRole('button', { name: 'Edit' }));
    await user.type(within(form).getByLabelText(/^Acorns to add/), '-25');
    await user.type(within(form).getByLabelText(/^Reason for the change/), 'Duplicate reward');
    await user.click(within(form).getByRole('button', { name: 'Add acorns' }));

    expect(await screen.findByText('Maya now has 75 acorns.')).toBeInTheDocument();
    expect(api.callsOf(playersApi.acorns.add, { id: 1 })[0]?.body).toEqual({
      amount: -25,
      reason: 'Duplicate reward',
    });
    expect(
      await within(screen.getByRole('form', { name: 'Acorns of Maya' })).findByText('Balance: 75 acorns'),
    ).toBeInTheDocument();
  });

  it('says when the account has no players', async () => {
    asStaffOf([]);
    renderApp('/admin/accounts/1');
    expect(await screen.findByRole('heading', { name: 'No players on this account' })).toBeInTheDocument();
  });
});

describe('the account page’s header and section links', () => {
  it('names the holder in the header and leads each section link to its heading, focus included', async () => {
    asStaffOf([{ id: 1, name: 'Maya', hr_gauge: 2, chase_speed: 9, acorns: 5 }]);
    renderApp('/admin/accounts/1');
    const title = await screen.findByRole('heading', { level: 1, name: 'Account 1' });
    const header = title.closest('header') as HTMLElement;
    expect(await within(header).findByText('Jordan Rivera · parent@example.com')).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Account' });
    expect(summary).toHaveTextContent('Game version3');
    expect(summary).toHaveTextContent('BillingActive · plan yearly');

    const nav = screen.getByRole('navigation', { name: 'Sections of the account' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Account',
      'Coach',
      'Tags',
      'Notes',
      'Interactions',
      'People',
      'Subscription',
      'Shipments',
      'Support tickets',
      'Consent',
      'Players',
      'Surveys',
      'History',
    ]);
    // Every link leads to a heading on the page (a renamed id would leave a link going nowhere).
    for (const link of links) {
      const target = document.getElementById(link.getAttribute('href')!.slice(1));
      expect(target?.tagName, link.textContent ?? '').toBe('H2');
    }
    const user = userEvent.setup();
    await user.click(within(nav).getByRole('link', { name: 'Notes' }));
    expect(await screen.findByRole('heading', { name: /^Notes/ })).toHaveFocus();
    await user.click(within(nav).getByRole('link', { name: 'Players' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Players' })).toHaveFocus();
    // The address stays the account's, so Back leaves the page.
    expect(window.location.hash).toBe('');
  });
});

describe('staff notes, tags and coach on the account page', () => {
  it('adds a note at the top with the count + 1; Edit, Cancel, Save, and Delete after confirming', async () => {
    const notes: Note[] = [note(1, 'Kit arrived late.')];
    const api = asStaffOf(
      [],
      [
        [
          adminApi.notes,
          () => ({
            body: { count: notes.length, next: null, previous: null, results: notes },
          }),
          { id: 1 },
        ],
        [
          adminApi.createNote,
          (request) => {
            const created = note(2, (request.body as { text: string }).text);
            notes.unshift(created);
            return { status: 201, body: created };
          },
          { id: 1 },
        ],
        [
          adminApi.updateNote,
          (request) => {
            notes[0] = { ...notes[0]!, text: (request.body as { text: string }).text };
            return { body: notes[0] };
          },
          { id: 1, noteId: 2 },
        ],
        [
          adminApi.deleteNote,
          () => {
            notes.shift();
            return { body: { detail: 'Note deleted.' } };
          },
          { id: 1, noteId: 2 },
        ],
      ],
    );
    renderApp('/admin/accounts/1');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Notes (1)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Write the note first.')).toBeInTheDocument();
    expect(api.callsOf(adminApi.createNote, { id: 1 })).toHaveLength(0);

    await user.type(screen.getByLabelText('New note'), 'Called about the strap.');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByRole('heading', { name: 'Notes (2)' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Notes' });
    // Each note is an edit_save_delete_cancel form (SPEC §4): read-only with Edit only.
    const first = within(list).getByRole('form', { name: 'Note “Called about the strap.”' });
    expect(within(list).getAllByRole('listitem')[0]).toContainElement(first);
    const text = within(first).getByRole('textbox', { name: /^Note/ });
    expect(text).toHaveValue('Called about the strap.');
    expect(text).toHaveAttribute('readonly');
    expect(
      within(first)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Edit']);

    // Edit makes the text editable; Cancel puts the earlier text back without saving.
    await user.click(within(first).getByRole('button', { name: 'Edit' }));
    expect(text).not.toHaveAttribute('readonly');
    await waitFor(() => expect(text).toHaveFocus());
    expect(
      within(first)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Save note', 'Delete', 'Cancel']);
    await user.clear(text);
    await user.type(text, 'Never mind.');
    await user.click(within(first).getByRole('button', { name: 'Cancel' }));
    expect(text).toHaveValue('Called about the strap.');
    expect(text).toHaveAttribute('readonly');

    // Save keeps the new text and returns to read-only.
    await user.click(within(first).getByRole('button', { name: 'Edit' }));
    await user.clear(text);
    await user.type(text, 'Strap replaced.');
    await user.click(within(first).getByRole('button', { name: 'Save note' }));
    await waitFor(() => expect(text).toHaveAttribute('readonly'));
    expect(text).toHaveValue('Strap replaced.');
    expect(screen.getByText('Note saved.')).toHaveAttribute('role', 'status');
    expect(api.callsOf(adminApi.updateNote, { id: 1, noteId: 2 }).map((call) => call.body)).toEqual([
      { text: 'Strap replaced.' },
    ]);
    expect(screen.getByRole('heading', { name: 'Notes (2)' })).toBeInTheDocument();

    // Delete asks first, then removes the note and lowers the count.
    const edited = within(list).getByRole('form', { name: 'Note “Strap replaced.”' });
    await user.click(within(edited).getByRole('button', { name: 'Edit' }));
    await user.click(within(edited).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this note?' });
    expect(dialog).toHaveTextContent('“Strap replaced.” will be deleted for good.');
    expect(api.callsOf(adminApi.deleteNote, { id: 1, noteId: 2 })).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete note' }));
    expect(await screen.findByRole('heading', { name: 'Notes (1)' })).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).queryByRole('form', { name: 'Note “Strap replaced.”' })).not.toBeInTheDocument();
    expect(screen.getByText('Note deleted.')).toHaveAttribute('role', 'status');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Notes (1)' })).toHaveFocus());
    expect(api.callsOf(adminApi.deleteNote, { id: 1, noteId: 2 })).toHaveLength(1);
  });

  it('assigns a coach after a confirmation naming both coaches', async () => {
    const api = asStaffOf(
      [],
      [
        [
          coachingApi.assignCoach,
          (request) => ({
            body: {
              account_id: 1,
              coach_user: { id: (request.body as { coach_user: number }).coach_user, name: 'Robin Hale' },
            },
          }),
          { id: 1 },
        ],
      ],
    );
    renderApp('/admin/accounts/1');
    const user = userEvent.setup();
    expect(await screen.findByText('The family’s coach is Casey Morgan.')).toBeInTheDocument();
    await user.selectOptions(await screen.findByLabelText('New coach'), 'Robin Hale');
    await user.click(screen.getByRole('button', { name: 'Assign coach' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign a new coach?' });
    expect(dialog).toHaveTextContent('The family’s coach changes from Casey Morgan to Robin Hale.');
    await user.click(within(dialog).getByRole('button', { name: 'Assign Robin Hale' }));
    expect(await screen.findByText('Robin Hale is now the family’s coach.')).toBeInTheDocument();
    expect(api.callsOf(coachingApi.assignCoach, { id: 1 })[0]?.body).toEqual({ coach_user: 32 });
  });

  it('adds a tag, refuses a malformed one, and removes one after confirming', async () => {
    let tags = ['vip'];
    asStaffOf(
      [],
      [
        [
          adminApi.addTag,
          (request) => {
            tags = [...tags, (request.body as { tag: string }).tag];
            return { body: { tags } };
          },
          { id: 1 },
        ],
        [
          adminApi.removeTag,
          () => {
            tags = tags.filter((tag) => tag !== 'vip');
            return { body: { tags } };
          },
          { id: 1, tag: 'vip' },
        ],
      ],
    );
    renderApp('/admin/accounts/1');
    const user = userEvent.setup();
    const input = await screen.findByLabelText('New tag');
    await user.type(input, 'bad tag!');
    await user.click(screen.getByRole('button', { name: 'Add tag' }));
    expect(await screen.findByText(/Tags use letters, digits/)).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, 'school-pilot');
    await user.click(screen.getByRole('button', { name: 'Add tag' }));
    const list = await screen.findByRole('list', { name: 'Tags of this account' });
    expect(await within(list).findByText('school-pilot')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove the tag vip' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the tag “vip”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove tag' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove the tag vip' })).not.toBeInTheDocument());
  });

  it('offers no migration on the latest game version, and says there is no such account on a 404', async () => {
    asStaffOf([], [[adminApi.account, { body: adminAccount({ game_version: 3 }) }, { id: 1 }]]);
    renderApp('/admin/accounts/1');
    expect(await screen.findByRole('button', { name: 'Migrate to game version 3' })).toBeDisabled();
    expect(screen.getByText('The account runs the latest game version.')).toBeInTheDocument();
  });

  it('says so when the account does not exist', async () => {
    asStaffOf([], [[adminApi.account, { status: 404, body: { detail: 'Not found.', code: 'not_found' } }, { id: 1 }]]);
    renderApp('/admin/accounts/1');
    expect(await screen.findByRole('heading', { name: 'There is no such account' })).toBeInTheDocument();
  });
});

describe('staff billing and shipments on the account page', () => {
  const invoicePage = (results: ReturnType<typeof invoiceFixture>[]) => ({
    count: results.length,
    next: null,
    previous: null,
    results,
  });

  it('refunds an invoice after checking the amount, asking a reason and confirming', async () => {
    const paid = invoiceFixture({ id: 71, status: 'PAID', refunded_cents: 0, amount_cents: 39000 });
    const failed = invoiceFixture({ id: 72, number: 'GRV-2026-000072', status: 'FAILED', refunded_cents: 0 });
    const api = asStaffOf(
      [],
      [
        [
          billingApi.subscriptions,
          {
            body: { count: 1, next: null, previous: null, results: [subscriptionFixture()] },
          },
          { id: 1 },
        ],
        [billingApi.invoices, { body: invoicePage([paid, failed]) }, { id: 1 }],
        [
          billingApi.refundInvoice,
          () => ({
            body: { ...paid, status: 'PARTIALLY_REFUNDED', refunded_cents: 1250 },
          }),
          { id: 71 },
        ],
      ],
    );
    renderApp('/admin/accounts/1');
    const user = userEvent.setup();
    const invoices = await screen.findByRole('list', { name: 'Invoices' });
    expect(within(invoices).queryByRole('button', { name: 'Remove invoice GRV-2026-000071' })).not.toBeInTheDocument();
    expect(within(invoices).getByRole('button', { name: 'Remove invoice GRV-2026-000072' })).toBeInTheDocument();
    await user.click(within(invoices).getByRole('button', { name: 'Refund invoice GRV-2026-000071' }));

    const form = await screen.findByRole('dialog', { name: 'Refund invoice GRV-2026-000071' });
    const amount = within(form).getByLabelText(/^Amount/);
    expect(amount).toHaveValue('390.00');
    await user.clear(amount);
    await user.type(amount, '500');
    await user.click(within(form).getByRole('button', { name: 'Continue' }));
    expect(within(form).getByText('At most $390.00 is left to refund.')).toBeInTheDocument();
    expect(within(form).getByText(/Say why the money goes back/)).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '12.50');
    await user.type(within(form).getByLabelText('Reason'), 'Strap arrived broken');
    await user.click(within(form).getByRole('button', { name: 'Continue' }));

    const confirm = await screen.findByRole('dialog', { name: 'Refund this invoice?' });
    expect(confirm).toHaveTextContent('$12.50 of invoice GRV-2026-000071 goes back to the family’s card.');
    await user.click(within(confirm).getByRole('button', { name: 'Refund $12.50' }));
    expect(await screen.findByText('Invoice GRV-2026-000071 refunded.')).toBeInTheDocument();
    const [call] = api.callsOf(billingApi.refundInvoice, { id: 71 });
    expect(call?.body).toEqual({ amount_cents: 1250, reason: 'Strap arrived broken' });
    expect(call?.query.get('billing_entity_name')).toBe('Grove Health, Inc.');
    expect(call?.headers.get('idempotency-key')).toBeTruthy();
  });

  it('offers only the staff actions the subscription’s status allows', async () => {
    asStaffOf(
      [],
      [
        [
          billingApi.subscriptions,
          {
            body: {
              count: 1,
              next: null,
              previous: null,
              results: [subscriptionFixture({ status: 'RETURN_REQUESTED' })],
            },
          },
          { id: 1 },
        ],
      ],
    );
    renderApp('/admin/accounts/1');
    expect(await screen.findByRole('button', { name: 'Confirm return' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Decline return' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm cancellation' })).not.toBeInTheDocument();
  });

  it('loads shipments page by page, and says nothing went wrong when there are none', async () => {
    const shipment = (id: number) => ({
      id,
      account_id: 1,
      order_id: 3,
      kind: 'kit',
      carrier: 'UPS',
      service: 'UPS Ground',
      tracking_number: `1Z${id}`,
      tracking_url: `https://www.ups.com/track?tracknum=1Z${id}`,
      status: 'DELIVERED',
      items: ['Heart-rate strap'],
      shipping: { address_1: '1 Main', address_2: '', city: 'Austin', state: 'TX', zipcode: '78701', country: 'US' },
      created_at: '2026-10-01T15:00:00Z',
      updated_at: '2026-10-03T15:00:00Z',
    });
    const api = asStaffOf(
      [],
      [
        [
          backofficeApi.accountShipments,
          (request) =>
            request.query.get('page') === '2'
              ? { body: { count: 2, next: null, previous: 'p1', results: [shipment(2)] } }
              : { body: { count: 2, next: 'http://x/?page=2', previous: null, results: [shipment(1)] } },
          { id: 1 },
        ],
      ],
    );
    renderApp('/admin/accounts/1');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Shipments (2)' })).toBeInTheDocument();
    expect(screen.getByText('Showing 1 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more shipments' }));
    expect(await screen.findByText('Showing 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /UPS 1Z2/ })).toHaveAttribute(
      'href',
      'https://www.ups.com/track?tracknum=1Z2',
    );
    expect(api.callsOf(backofficeApi.accountShipments, { id: 1 }).map((call) => call.query.get('page'))).toEqual([
      '1',
      '2',
    ]);
  });

  it('asks for exactly the page `next` names, and stops when next is null', async () => {
    const shipment = (id: number) => ({
      id,
      account_id: 1,
      order_id: 3,
      kind: 'kit',
      carrier: 'UPS',
      service: 'UPS Ground',
      tracking_number: `1Z${id}`,
      tracking_url: `https://www.ups.com/track?tracknum=1Z${id}`,
      status: 'DELIVERED',
      items: ['Heart-rate strap'],
      shipping: { address_1: '1 Main', address_2: '', city: 'Austin', state: 'TX', zipcode: '78701', country: 'US' },
      created_at: '2026-10-01T15:00:00Z',
      updated_at: '2026-10-03T15:00:00Z',
    });
    const link = (page: number) => `https://grove.example/api/v2/admin/billing/account/1/shipments/?page=${page}`;
    const pages: Record<string, { next: string | null; results: ReturnType<typeof shipment>[] }> = {
      '1': { next: link(4), results: [shipment(1)] },
      '4': { next: link(9), results: [shipment(4)] },
      '9': { next: null, results: [shipment(9)] },
    };
    const api = asStaffOf(
      [],
      [
        [
          backofficeApi.accountShipments,
          (request) => {
            const page = pages[request.query.get('page') ?? ''];
            return page
              ? { body: { count: 3, previous: null, ...page } }
              : { status: 404, body: { detail: 'Not found.', code: 'not_found' } };
          },
          { id: 1 },
        ],
      ],
    );
    renderApp('/admin/accounts/1');
    const user = userEvent.setup();
    expect(await screen.findByText('Showing 1 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more shipments' }));
    expect(await screen.findByText('Showing 2 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more shipments' }));
    expect(await screen.findByText('Showing 3 of 3')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more shipments' })).not.toBeInTheDocument();
    const asked = () => api.callsOf(backofficeApi.accountShipments, { id: 1 }).map((call) => call.query.get('page'));
    expect(asked()).toEqual(['1', '4', '9']);
  });

  it('offers no more shipments when `next` points back at a page already shown', async () => {
    const api = asStaffOf(
      [],
      [
        [
          backofficeApi.accountShipments,
          {
            body: {
              count: 5,
              next: 'https://grove.example/api/v2/admin/billing/account/1/shipments/?page=1',
              previous: null,
              results: [],
            },
          },
          { id: 1 },
        ],
      ],
    );
    renderApp('/admin/accounts/1');
    expect(await screen.findByText('Showing 0 of 5')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more shipments' })).not.toBeInTheDocument();
    expect(api.callsOf(backofficeApi.accountShipments, { id: 1 })).toHaveLength(1);
  });

  it('shows what the family asked support, newest first', async () => {
    const ticket = (id: number, subject: string, created: string) => ({
      id,
      subject,
      description: 'The strap does not pair.',
      status: 'open',
      priority: 'normal',
      channel: 'web',
      created_at: created,
      updated_at: created,
      url: null,
      requester: { id: 5, name: 'Jordan Rivera', email: 'parent@example.com' },
    });
    asStaffOf(
      [],
      [
        [
          supportApi.userTickets,
          {
            body: {
              count: 2,
              next: null,
              previous: null,
              results: [
                ticket(2, 'Strap will not pair', '2026-11-20T15:00:00Z'),
                ticket(1, 'Where is my kit?', '2026-10-01T15:00:00Z'),
              ],
            },
          },
          { id: 5 },
        ],
      ],
    );
    renderApp('/admin/accounts/1');
    const list = await screen.findByRole('list', { name: 'Support tickets' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Strap will not pair');
    expect(items[0]).toHaveTextContent('Open · Normal priority · Jordan Rivera');
    expect(items[1]).toHaveTextContent('Where is my kit?');
  });

  it('shows the history of staff changes, and only one staff member’s when asked', async () => {
    const row = (id: number, email: string, action: string) => ({
      id,
      created_at: '2026-11-20T15:00:00Z',
      actor: { id, email },
      action,
      method: 'PATCH',
      route: '/api/v2/admin/accounts/:id',
      entity: 'account',
      entity_id: '1',
      account_id: 1,
      before: { account_status: 'ACTIVE' },
      after: { account_status: 'SUSPENDED' },
      request: null,
      reason: null,
      status: 200,
    });
    const api = asStaffOf(
      [],
      [
        [
          adminApi.accountAudit,
          (request) =>
            request.query.get('actor_email') === 'robin@'
              ? { body: keysetPage([row(2, 'robin@example.com', 'Assign a new coach')]) }
              : {
                  body: keysetPage([
                    row(1, 'staff@example.com', 'Change an account’s status'),
                    row(2, 'robin@example.com', 'Assign a new coach'),
                  ]),
                },
          { id: 1 },
        ],
      ],
    );
    renderApp('/admin/accounts/1');
    const user = userEvent.setup();
    const history = await screen.findByRole('heading', { name: 'History of staff changes (2)' });
    const section = history.closest('section') as HTMLElement;
    expect(section).toHaveTextContent('Account status: Active → Suspended');
    await user.type(within(section).getByLabelText('Staff member’s e-mail'), 'robin@');
    await user.click(within(section).getByRole('button', { name: 'Show their changes' }));
    expect(await within(section).findByRole('heading', { name: 'History of staff changes (1)' })).toBeInTheDocument();
    expect(section).not.toHaveTextContent('staff@example.com');
    expect(api.callsOf(adminApi.accountAudit, { id: 1 }).at(-1)?.query.get('actor_email')).toBe('robin@');
  });

  it('logs a customer interaction and lists it first, in the family’s time zone', async () => {
    const api = asStaffOf(
      [],
      [
        [adminApi.account, { body: adminAccount({ time_zone: 'America/Chicago' }) }, { id: 1 }],
        ...interactionRoutes(1, { results: [interactionFixture()] }, { id: 9, name: 'Staff Member' }),
      ],
    );
    renderApp('/admin/accounts/1');
    const section = await screen.findByRole('region', { name: 'Customer interactions (1)' });
    expect(section).toHaveTextContent('Phone call · We reached out · 11-20-2026 2:05:09 PM CST');
    expect(section).toHaveTextContent('Logged by Casey Morgan');
    const user = userEvent.setup();
    await user.selectOptions(await within(section).findByRole('combobox', { name: /Channel/ }), 'email');
    await user.type(within(section).getByRole('textbox', { name: /Note/ }), 'Sent the shipping dates.');
    await user.click(within(section).getByRole('button', { name: 'Log it' }));
    await waitFor(() => expect(api.callsOf(accountApi.addInteraction, { id: 1 })).toHaveLength(1));
    expect(api.callsOf(accountApi.addInteraction, { id: 1 })[0]?.headers.get('X-CSRFToken')).toBe('csrf-1');
    await screen.findByRole('region', { name: 'Customer interactions (2)' });
    const first = within(section).getAllByRole('listitem')[0];
    expect(first).toHaveTextContent('Check-in · E-mail · We reached out · 11-24-2026 9:00:00 AM CST');
    expect(first).toHaveTextContent('Sent the shipping dates.');
    expect(first).toHaveTextContent('Logged by Staff Member');
  });

  it('says each staff change in words, names resolved, the raw record one click away', async () => {
    const audited = (id: number, fields: Record<string, unknown>) => ({
      id,
      created_at: '2026-11-20T15:00:00Z',
      actor: { id: 9, email: 'staff@example.com' },
      action: 'Write a staff note on an account (Idempotency-Key honoured)',
      method: 'POST',
      route: '/api/v2/admin/accounts/:id/notes',
      entity: 'note',
      entity_id: String(id),
      account_id: 1,
      before: null,
      after: null,
      request: null,
      reason: null,
      status: 200,
      ...fields,
    });
    asStaffOf(
      [{ id: 4, name: 'Maya', hr_gauge: 7, chase_speed: 3, acorns: 5 }],
      [
        [
          adminApi.account,
          {
            body: adminAccount({
              players: [{ id: 4, name: 'Maya', in_program: true, hr_gauge: 7, chase_speed: 3, acorns: 5 }],
            }),
          },
          { id: 1 },
        ],
        [
          adminApi.accountAudit,
          {
            body: keysetPage([
              audited(1, { after: { text: 'Called the family about the tablet.', author_user_id: 1 } }),
              audited(2, { entity: 'account', before: { coach_user_id: 32 }, after: { coach_user_id: 31 } }),
              audited(3, {
                entity: 'player',
                entity_id: '4',
                before: { hr_gauge: 5, chase_speed: 3, acorns: 5 },
                after: { hr_gauge: 7, chase_speed: 3, acorns: 5 },
                reason: 'Calmer mornings',
              }),
              audited(4, {
                entity: 'invoice',
                before: { number: 'GRV-2026-000024', status: 'PAID', refunded_cents: 0 },
                after: { number: 'GRV-2026-000024', status: 'REFUNDED', refunded_cents: 3900 },
              }),
            ]),
          },
          { id: 1 },
        ],
      ],
    );
    renderApp('/admin/accounts/1');
    const history = await screen.findByRole('heading', { name: 'History of staff changes (4)' });
    const section = history.closest('section') as HTMLElement;
    expect(within(section).getByText("Note added: 'Called the family about the tablet.'")).toBeInTheDocument();
    expect(await within(section).findByText('Coach: Robin Hale → Casey Morgan')).toBeInTheDocument();
    expect(within(section).getByText('Maya: gauge 5 → 7 (Calmer mornings)')).toBeInTheDocument();
    expect(within(section).getByText('Invoice GRV-2026-000024 refunded, $39.00')).toBeInTheDocument();
    expect(section).toHaveTextContent('staff@example.com, 11-20-2026 10:00:00 AM EST');
    // The raw record stays one click away, closed until asked for.
    const disclosures = within(section).getAllByText('Show the record');
    expect(disclosures).toHaveLength(4);
    const first = disclosures[0]!.closest('details') as HTMLDetailsElement;
    expect(first.open).toBe(false);
    await userEvent.setup().click(disclosures[0]!);
    expect(first.open).toBe(true);
    expect(first).toHaveTextContent('"author_user_id": 1');
  });

  it('keeps a 404 for shipments silent', async () => {
    asStaffOf([]);
    renderApp('/admin/accounts/1');
    expect(await screen.findByText('No shipments yet.')).toBeInTheDocument();
    expect(screen.queryByText(/couldn’t load the shipments/)).not.toBeInTheDocument();
  });
});
