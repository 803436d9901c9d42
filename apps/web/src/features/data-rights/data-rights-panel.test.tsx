/**
 * "Your data" on Account → Privacy (issue 17 items 2, 3 and 6) against the fake API: asking for a
 * copy and downloading it once the job has prepared it (the page reads again while it waits),
 * scheduling a player's deletion after confirming, undoing it, deleting now (the player then
 * disappears), closing the account (refused while the subscription runs, with the way to Billing)
 * and the banner of a scheduled closure.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { DATA_RIGHTS_MESSAGES, DELETION, EXPORT_STATUS_LABELS } from '@grove/domain/data-rights';
import type { DataExport, DataRights, DeletionRequest } from '@grove/domain/api/data-rights';
import { dataRightsApi } from '@grove/domain/api/endpoints/data-rights';
import { playersApi } from '@grove/domain/api/endpoints/players';

import { fakeApi, type FakeRoute } from '../../../test/fake-api.ts';
import { playerPage, storeSession } from '../../../test/fixtures.ts';
import { domainText, loadLanguage } from '../../lib/i18n.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { DataRightsPanel, formatSize } from './data-rights-panel.tsx';
import { hasWorkUnderWay } from './data-rights.api.ts';

/** The download link the server gives for export `exportId` of account 1 (the contract's path). */
const downloadUrl = (exportId: number) =>
  dataRightsApi.download.url.replace(':id', '1').replace(':exportId', String(exportId));

const OVERVIEW = dataRightsApi.overview;
const PLAYERS = playersApi.list;
const EXPORTS = dataRightsApi.requestExport;
const DELETIONS = dataRightsApi.requestDeletion;
const ZONE = 'America/New_York';
const JORDAN = { id: 1, name: 'Jordan Parker' };
const MAYA = { id: 11, name: 'Maya' };
const ELI = { id: 12, name: 'Eli' };
const DAY = 24 * 60 * 60 * 1000;

function exportOf(overrides: Partial<DataExport> = {}): DataExport {
  return {
    id: 5,
    scope: 'player',
    player: MAYA,
    status: 'ready',
    requested_at: '2026-11-20T15:00:00.000Z',
    requested_by: JORDAN,
    ready_at: '2026-11-20T15:00:02.000Z',
    expires_at: '2026-11-23T15:00:02.000Z',
    file_name: 'grove-maya-2026-11-20.zip',
    size_bytes: 48_213,
    row_counts: { players: 1, play_sessions: 120 },
    download_url: downloadUrl(5),
    ...overrides,
  };
}

function deletionOf(overrides: Partial<DeletionRequest> = {}): DeletionRequest {
  const requested = Date.now() - DAY;
  return {
    id: 30,
    scope: 'player',
    player: ELI,
    status: 'pending',
    requested_at: new Date(requested).toISOString(),
    requested_by: JORDAN,
    due_at: new Date(requested + DELETION.graceDays * DAY).toISOString(),
    cancelled_at: null,
    cancelled_by: null,
    completed_at: null,
    removed: null,
    ...overrides,
  };
}

/** A family's fake server: the players, and an overview that the calls change. */
function family(initial: Partial<DataRights> = {}, routes: FakeRoute[] = []) {
  storeSession();
  document.cookie = 'csrftoken=csrf-1; path=/';
  const state: DataRights = { exports: [], deletions: [], grace_days: DELETION.graceDays, link_hours: 72, ...initial };
  let players = [MAYA, ELI];
  const api = fakeApi([
    [PLAYERS, () => ({ body: playerPage(players) }), { id: 1 }],
    [OVERVIEW, () => ({ body: state }), { id: 1 }],
    ...routes,
  ]);
  const queryClient = createQueryClient({ retry: false });
  const router = createMemoryRouter(
    [
      {
        path: '/dashboard/account',
        element: (
          <QueryClientProvider client={queryClient}>
            <DataRightsPanel accountId={1} timeZone={ZONE} />
          </QueryClientProvider>
        ),
      },
    ],
    { initialEntries: ['/dashboard/account?segment=privacy'] },
  );
  render(<RouterProvider router={router} />);
  return {
    api,
    state,
    router,
    user: userEvent.setup(),
    removePlayer: (id: number) => {
      players = players.filter((player) => player.id !== id);
    },
  };
}

const panel = () => screen.getByRole('region', { name: 'Your data' });
const playerItem = async (name: string) =>
  within(await screen.findByRole('list', { name: 'Your players' }))
    .getAllByRole('listitem')
    .find((item) => within(item).queryByRole('heading', { name }))!;

describe('DataRightsPanel', () => {
  it('offers a copy and a deletion per player and for the whole account, and lists the copies and deletions', async () => {
    family({
      exports: [
        exportOf({ id: 6, scope: 'account', player: null, status: 'expired', file_name: null, download_url: null }),
        exportOf(),
      ],
      deletions: [
        deletionOf(),
        deletionOf({
          id: 29,
          player: { id: null, name: 'Otto' },
          status: 'completed',
          completed_at: '2026-11-10T15:00:00.000Z',
        }),
        deletionOf({
          id: 28,
          player: MAYA,
          status: 'cancelled',
          cancelled_at: '2026-11-09T15:00:00.000Z',
          cancelled_by: JORDAN,
        }),
      ],
    });
    const maya = await playerItem('Maya');
    expect(within(maya).getByRole('button', { name: 'Download a copy of Maya’s data' })).toBeInTheDocument();
    expect(within(maya).getByRole('button', { name: 'Delete Maya’s data…' })).toBeInTheDocument();
    // Eli's deletion is scheduled: its date instead of a second request.
    const eli = await playerItem('Eli');
    expect(within(eli).getByText(/^Deletion scheduled for \d{2}-\d{2}-\d{4}/)).toBeInTheDocument();
    expect(within(eli).queryByRole('button', { name: /Delete Eli/ })).not.toBeInTheDocument();
    expect(within(panel()).getByRole('button', { name: 'Download everything' })).toBeInTheDocument();
    expect(within(panel()).getByRole('button', { name: 'Close account…' })).toBeInTheDocument();

    const copies = within(screen.getByRole('list', { name: 'Your copies' })).getAllByRole('listitem');
    expect(copies).toHaveLength(2);
    expect(copies[0]).toHaveTextContent('Whole account');
    expect(copies[0]).toHaveTextContent(EXPORT_STATUS_LABELS.expired);
    expect(within(copies[0]!).queryByRole('button', { name: /^Download/ })).not.toBeInTheDocument();
    expect(copies[1]).toHaveTextContent(EXPORT_STATUS_LABELS.ready);
    expect(copies[1]).toHaveTextContent('Nov 20, 2026 by Jordan Parker');
    expect(copies[1]).toHaveTextContent('Download until11-23-2026 10:00:02 AM EST');
    expect(copies[1]).toHaveTextContent('Size47 KB');
    expect(within(copies[1]!).getByRole('button', { name: 'Download the copy of Maya’s data' })).toBeInTheDocument();

    const scheduled = within(screen.getByRole('list', { name: 'Scheduled deletions' })).getAllByRole('listitem');
    expect(scheduled).toHaveLength(1);
    expect(within(scheduled[0]!).getByRole('heading', { name: 'Eli’s data' })).toBeInTheDocument();
    expect(within(scheduled[0]!).getByRole('button', { name: 'Undo the deletion of Eli’s data' })).toBeInTheDocument();
    expect(within(scheduled[0]!).getByRole('button', { name: 'Delete now… (Eli’s data)' })).toBeInTheDocument();
    const past = within(screen.getByRole('list', { name: 'Past deletions' })).getAllByRole('listitem');
    expect(past.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Otto’s dataStatusDeleted.*DeletedNov 10, 2026$/),
      expect.stringMatching(/^Maya’s dataStatusCancelled.*CancelledNov 9, 2026 by Jordan Parker$/),
    ]);
    expect(screen.queryByText(/scheduled to close/)).not.toBeInTheDocument();
  });

  it('asks for a copy, reads again until it is ready, and downloads it with the session', async () => {
    const ready = exportOf({ id: 7, download_url: downloadUrl(7) });
    const { api, state, user } = family({}, [
      [
        EXPORTS,
        () => {
          state.exports = [
            {
              ...ready,
              status: 'queued',
              ready_at: null,
              expires_at: null,
              size_bytes: null,
              file_name: null,
              download_url: null,
            },
          ];
          return { status: 202, body: state.exports[0] };
        },
        { id: 1 },
      ],
      [
        dataRightsApi.download,
        {
          text: 'PK\u0003\u0004zip',
          headers: {
            'content-type': 'application/zip',
            'content-disposition': 'attachment; filename="grove-maya-2026-11-20.zip"',
          },
        },
        { id: 1, exportId: 7 },
      ],
    ]);
    const saved = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:zip');
    await user.click(await screen.findByRole('button', { name: 'Download a copy of Maya’s data' }));
    expect(api.callsOf(EXPORTS, { id: 1 })[0]!.body).toEqual({ player_id: 11 });
    const copies = screen.getByRole('list', { name: 'Your copies' });
    expect(await within(copies).findByText(EXPORT_STATUS_LABELS.queued)).toBeInTheDocument();

    // The job finishes; the page sees it on its next read, without a reload.
    const reads = api.callsOf(OVERVIEW, { id: 1 }).length;
    state.exports = [ready];
    const download = await within(copies).findByRole(
      'button',
      { name: 'Download the copy of Maya’s data' },
      { timeout: 8_000 },
    );
    expect(api.callsOf(OVERVIEW, { id: 1 }).length).toBeGreaterThan(reads);
    expect(within(copies).getByText(EXPORT_STATUS_LABELS.ready)).toBeInTheDocument();
    expect(screen.getByText('Your copy of Maya’s data is ready to download.')).toHaveAttribute('role', 'status');

    await user.click(download);
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    const call = api.callsOf(dataRightsApi.download, { id: 1, exportId: 7 })[0]!;
    expect(call.headers.get('authorization')).toBe('Bearer access-1');
    // Nothing is being prepared any more: the page stops reading again.
    const settled = api.callsOf(OVERVIEW, { id: 1 }).length;
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(api.callsOf(OVERVIEW, { id: 1 }).length).toBe(settled);
  }, 20_000);

  it('shows a refused copy beside the button that asked for it', async () => {
    const { user } = family({}, [
      [EXPORTS, { status: 409, body: { detail: DATA_RIGHTS_MESSAGES.exportBusy, code: 'export_busy' } }, { id: 1 }],
    ]);
    await user.click(await screen.findByRole('button', { name: 'Download everything' }));
    expect(await within(panel()).findByRole('alert')).toHaveTextContent(DATA_RIGHTS_MESSAGES.exportBusy);
  });

  it('schedules a player’s deletion only once the parent ticks the box, saying what goes and when', async () => {
    const { api, state, user } = family({}, [
      [
        DELETIONS,
        () => {
          const made = deletionOf({
            id: 31,
            player: MAYA,
            requested_at: new Date().toISOString(),
            due_at: new Date(Date.now() + 7 * DAY).toISOString(),
          });
          state.deletions = [made];
          return { status: 201, body: made };
        },
        { id: 1 },
      ],
    ]);
    const opener = await screen.findByRole('button', { name: 'Delete Maya’s data…' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Delete Maya’s data?' });
    expect(dialog).toHaveTextContent('profile, play and heart-rate data, survey answers, and the notes about Maya');
    expect(dialog).toHaveTextContent(`${DELETION.graceDays} days from now`);
    expect(dialog).toHaveTextContent('you can undo it on this page');
    expect(within(dialog).getByRole('button', { name: 'Keep' })).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Delete Maya’s data' }));
    const box = within(dialog).getByRole('checkbox', {
      name: 'I understand that Maya’s data will be deleted for good.',
    });
    expect(within(dialog).getByText(DATA_RIGHTS_MESSAGES.confirmDeletion)).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveFocus();
    expect(api.callsOf(DELETIONS, { id: 1 })).toHaveLength(0);

    await user.click(box);
    await user.click(within(dialog).getByRole('button', { name: 'Delete Maya’s data' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsOf(DELETIONS, { id: 1 })[0]!.body).toEqual({ player_id: 11, confirm: true });
    const scheduled = screen.getByRole('list', { name: 'Scheduled deletions' });
    expect(within(scheduled).getByRole('heading', { name: 'Maya’s data' })).toBeInTheDocument();
    expect(within(await playerItem('Maya')).getByText(/^Deletion scheduled for/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Maya’s data…' })).not.toBeInTheDocument();
    // The button that opened the dialog is gone: focus lands on the list of scheduled deletions.
    expect(screen.getByRole('heading', { name: 'Scheduled deletions' })).toHaveFocus();
  });

  it('shows a conflict inside the dialog and keeps it open', async () => {
    const { user } = family({}, [
      [
        DELETIONS,
        { status: 409, body: { detail: DATA_RIGHTS_MESSAGES.deletionPending, code: 'deletion_pending' } },
        { id: 1 },
      ],
    ]);
    await user.click(await screen.findByRole('button', { name: 'Delete Eli’s data…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Eli’s data?' });
    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: 'Delete Eli’s data' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(DATA_RIGHTS_MESSAGES.deletionPending);
  });

  it('undoes a scheduled deletion: it joins the past ones as cancelled', async () => {
    const { api, state, user } = family({ deletions: [deletionOf()] }, [
      [
        dataRightsApi.undoDeletion,
        () => {
          state.deletions = [
            deletionOf({ status: 'cancelled', cancelled_at: new Date().toISOString(), cancelled_by: JORDAN }),
          ];
          return { body: state.deletions[0] };
        },
        { id: 1, deletionId: 30 },
      ],
    ]);
    await user.click(await screen.findByRole('button', { name: 'Undo the deletion of Eli’s data' }));
    const past = await screen.findByRole('list', { name: 'Past deletions' });
    expect(within(past).getByText('Cancelled', { selector: '.data-rights-status' })).toBeInTheDocument();
    expect(api.callsOf(dataRightsApi.undoDeletion, { id: 1, deletionId: 30 })).toHaveLength(1);
    expect(screen.getByText('Nothing is scheduled for deletion.')).toBeInTheDocument();
    expect(within(await playerItem('Eli')).getByRole('button', { name: 'Delete Eli’s data…' })).toBeInTheDocument();
  });

  it('deletes now after confirming; once the job is done the player is gone and the history says Deleted', async () => {
    const { api, state, user, removePlayer } = family({ deletions: [deletionOf()] }, [
      [
        dataRightsApi.deleteNow,
        () => {
          state.deletions = [deletionOf({ due_at: new Date().toISOString() })];
          return { body: state.deletions[0] };
        },
        { id: 1, deletionId: 30 },
      ],
    ]);
    await user.click(await screen.findByRole('button', { name: 'Delete now… (Eli’s data)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Eli’s data now?' });
    expect(dialog).toHaveTextContent('cannot be undone');
    await user.click(within(dialog).getByRole('button', { name: 'Delete now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsOf(dataRightsApi.deleteNow, { id: 1, deletionId: 30 })[0]!.body).toEqual({ confirm: true });
    const scheduled = screen.getByRole('list', { name: 'Scheduled deletions' });
    expect(within(scheduled).getByText('Being carried out now')).toBeInTheDocument();
    expect(within(scheduled).queryByRole('button')).not.toBeInTheDocument();

    // The job erases Eli; the next read shows it done and the players are read again.
    const playerReads = api.callsOf(PLAYERS, { id: 1 }).length;
    removePlayer(ELI.id);
    state.deletions = [
      deletionOf({ player: { id: null, name: 'Eli' }, status: 'completed', completed_at: new Date().toISOString() }),
    ];
    const past = await screen.findByRole('list', { name: 'Past deletions' }, { timeout: 8_000 });
    expect(within(past).getByText('Deleted', { selector: '.data-rights-status' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsOf(PLAYERS, { id: 1 }).length).toBeGreaterThan(playerReads));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Eli' })).not.toBeInTheDocument());
    expect(await playerItem('Maya')).toBeInTheDocument();
  }, 20_000);

  it('closing the account says what goes and what billing law keeps; a running subscription is refused with the way to Billing', async () => {
    const { api, router, user } = family({}, [
      [
        DELETIONS,
        {
          status: 409,
          body: { detail: DATA_RIGHTS_MESSAGES.subscriptionRunning, code: 'subscription_running' },
        },
        { id: 1 },
      ],
    ]);
    await user.click(await screen.findByRole('button', { name: 'Close account…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close your account?' });
    expect(dialog).toHaveTextContent('orders, invoices and payment records are kept for 7 years');
    expect(dialog).toHaveTextContent('Your subscription must be cancelled first');
    await user.click(within(dialog).getByRole('checkbox', { name: /my account and my family’s data will be deleted/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Close account' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(DATA_RIGHTS_MESSAGES.subscriptionRunning);
    expect(api.callsOf(DELETIONS, { id: 1 })[0]!.body).toEqual({ player_id: null, confirm: true });
    const billing = within(alert).getByRole('link', { name: 'Cancel your subscription in Subscription & Billing' });
    expect(billing).toHaveAttribute('href', '/dashboard/account?segment=billing');
    await user.click(billing);
    expect(router.state.location.search).toBe('?segment=billing');
  });

  it('shows a scheduled closure as a banner, with nothing more to delete until it is undone', async () => {
    family({ deletions: [deletionOf({ id: 40, scope: 'account', player: null })] });
    expect(
      await within(panel()).findByText(/^Your account is scheduled to close on \d{2}-\d{2}-\d{4}/),
    ).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Download a copy of Maya’s data' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete .*’s data…$/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close account…' })).not.toBeInTheDocument();
    const scheduled = screen.getByRole('list', { name: 'Scheduled deletions' });
    expect(within(scheduled).getByRole('heading', { name: 'Closing the account' })).toBeInTheDocument();
    expect(within(scheduled).getByRole('button', { name: 'Undo closing the account' })).toBeInTheDocument();
    expect(within(scheduled).getByRole('button', { name: 'Close now… (your account)' })).toBeInTheDocument();
  });
});

describe('the rules of the panel', () => {
  it('reads again only while a copy is prepared or a deletion is being carried out', () => {
    const now = Date.parse('2026-11-25T12:00:00.000Z');
    const base: DataRights = { exports: [], deletions: [], grace_days: 7, link_hours: 72 };
    expect(hasWorkUnderWay(undefined, now)).toBe(false);
    expect(hasWorkUnderWay(base, now)).toBe(false);
    expect(hasWorkUnderWay({ ...base, exports: [exportOf({ status: 'queued' })] }, now)).toBe(true);
    expect(hasWorkUnderWay({ ...base, exports: [exportOf({ status: 'failed' })] }, now)).toBe(false);
    const due = (at: string, status: DeletionRequest['status'] = 'pending') => ({
      ...base,
      deletions: [deletionOf({ due_at: at, status })],
    });
    expect(hasWorkUnderWay(due('2026-12-01T12:00:00.000Z'), now)).toBe(false);
    expect(hasWorkUnderWay(due('2026-11-25T12:00:00.000Z'), now)).toBe(true);
    expect(hasWorkUnderWay(due('2026-11-25T11:00:00.000Z', 'completed'), now)).toBe(false);
  });

  it.each([
    [512, '512 bytes'],
    [48_213, '47 KB'],
    [2_400_000, '2.3 MB'],
  ])('%i bytes read as %s', (bytes, text) => {
    expect(formatSize(bytes)).toBe(text);
  });
});

describe('in Spanish', () => {
  it('shows the panel and the deletion dialog in Spanish', async () => {
    await loadLanguage('es', ['app']);
    const { user } = family({ exports: [exportOf()] });
    const card = await screen.findByRole('region', { name: 'Sus datos' });
    expect(within(card).getByRole('heading', { name: 'Sus jugadores' })).toBeInTheDocument();
    expect(
      await within(card).findByRole('button', { name: 'Descargar una copia de los datos de Maya' }),
    ).toBeInTheDocument();
    expect(within(card).getByText('Lista para descargar')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Descargar la copia de los datos de Maya' })).toBeInTheDocument();
    expect(within(card).getByText('No hay nada programado para eliminarse.')).toBeInTheDocument();
    expect(within(card).queryByText('Your players')).not.toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Eliminar los datos de Eli…' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar los datos de Eli?' });
    expect(dialog).toHaveTextContent(`dentro de ${DELETION.graceDays} días`);
    expect(within(dialog).getByRole('button', { name: 'Conservar' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar los datos de Eli' }));
    const refusal = domainText(DATA_RIGHTS_MESSAGES.confirmDeletion);
    expect(refusal).not.toBe(DATA_RIGHTS_MESSAGES.confirmDeletion);
    expect(within(dialog).getByText(refusal)).toBeInTheDocument();
    expect(
      within(dialog).getByRole('checkbox', { name: 'Entiendo que los datos de Eli se eliminarán para siempre.' }),
    ).toHaveFocus();
    expect(within(dialog).queryByText(/days from now/)).not.toBeInTheDocument();
  });
});
