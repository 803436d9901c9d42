/**
 * "Your data" on Account → Privacy (issue 17 items 2, 3 and 6; docs/decisions/0038 and 0039): for
 * each player a copy to download and the deletion of their data, for the whole account a copy of
 * everything and its closure; the copies asked for (prepared by a job: the page reads the overview
 * again every few seconds until they are ready) with their download; the deletions scheduled, with
 * Undo and Delete now, and the past ones. A scheduled closure is a banner at the top. Once a
 * deletion is carried out, the players and the account are read again, so the player disappears
 * everywhere. Rules and labels are the domain's (packages/domain/src/data-rights.ts).
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { errorText, formatDateTime } from '@grove/domain';
import { DELETION, DELETION_STATUS_LABELS, EXPORT_STATUS_LABELS } from '@grove/domain/data-rights';
import type { DataExport, DataRights, DeletionRequest } from '@grove/domain/api/data-rights';
import type { Player } from '@grove/domain/api/players';

import { AccountCard } from '../../components/account-card.tsx';
import { LoadError } from '../../components/load-state.tsx';
import { Button } from '../../components/button.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { formatDate, formatNumber } from '../../lib/format.ts';
import { accountKeys } from '../../lib/queries/account.ts';
import { playerKeys, playersQuery } from '../../lib/queries/players.ts';
import { privacyKeys } from '../../lib/queries/privacy.ts';
import { sharingKeys } from '../../lib/queries/sharing.ts';
import {
  dataRightsQuery,
  deleteNow,
  downloadExport,
  putDeletion,
  putExport,
  requestDeletion,
  requestExport,
  undoDeletion,
} from './data-rights.api.ts';
import { DeleteNowDialog, DeletionDialog, deletionSubject, possessive } from './deletion-dialogs.tsx';
import '../../components/account-card.css';
import './data-rights.css';

/** '512 bytes', '14 KB', '2.3 MB'. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${formatNumber(bytes)} bytes`;
  if (bytes < 1024 * 1024) return `${formatNumber(Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toLocaleString('en-US', { maximumFractionDigits: 1 })} MB`;
}

/** What a copy or a deletion is of: the player's name, or the whole account. */
const subjectOf = (item: { player: { name: string } | null }) => item.player?.name ?? 'Whole account';

/** What a copy holds, in words: "Maya’s data", "everything". */
const copyOf = (item: DataExport) => (item.player ? `${possessive(item.player.name)} data` : 'everything');

/** The key of what an export or a deletion covers: one player, or the account. */
const scopeKey = (playerId: number | null) => (playerId === null ? 'account' : `player-${playerId}`);

/** A deletion whose grace period is over (or that was asked to happen now): the job is at work. */
const underWay = (request: DeletionRequest, readAt: number) => Date.parse(request.due_at) <= readAt;

/** A turning ring beside a status that says the same in words. */
function BusyRing() {
  return (
    <span className="spinner spinner--small data-rights__ring" aria-hidden="true">
      <span className="spinner__ring" />
    </span>
  );
}

function InlineError({ message }: { message: string | undefined }) {
  return message ? (
    <p className="form-error data-rights__error" role="alert">
      {message}
    </p>
  ) : null;
}

/**
 * Reads the players and the account again once a deletion has been carried out (the set of
 * completed requests changed since this screen last saw it), and the pages that name players.
 */
function useRefreshAfterDeletion(accountId: number, overview: DataRights | undefined) {
  const queryClient = useQueryClient();
  const seen = useRef<string | null>(null);
  const completed = overview
    ? overview.deletions
        .filter((item) => item.status === 'completed')
        .map((item) => item.id)
        .join(',')
    : null;
  useEffect(() => {
    if (completed === null) return;
    const before = seen.current;
    seen.current = completed;
    if (before === completed || (before === null && completed === '')) return;
    for (const key of [playerKeys.all, accountKeys.account(accountId), privacyKeys.all, sharingKeys.list(accountId)]) {
      void queryClient.invalidateQueries({ queryKey: key });
    }
  }, [accountId, completed, queryClient]);
}

/** Says, for screen readers, when a copy becomes ready while the page is open. */
function useReadyAnnouncement(overview: DataRights | undefined): string {
  const known = useRef<Map<number, DataExport['status']> | null>(null);
  const [message, setMessage] = useState('');
  useEffect(() => {
    if (!overview) return;
    const before = known.current;
    known.current = new Map(overview.exports.map((item) => [item.id, item.status]));
    if (!before) return;
    const ready = overview.exports.find((item) => item.status === 'ready' && before.get(item.id) === 'queued');
    if (ready) setMessage(`Your copy of ${copyOf(ready)} is ready to download.`);
  }, [overview]);
  return message;
}

function ExportItem({ accountId, item, timeZone }: { accountId: number; item: DataExport; timeZone: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const download = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await downloadExport(accountId, item);
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="account-list__item data-rights__item">
      <div className="account-list__main">
        <h4 className="account-list__name">{subjectOf(item)}</h4>
        <dl className="data-rights__facts">
          <div>
            <dt>Status</dt>
            <dd>
              <span className={`data-rights-status data-rights-status--${item.status}`}>
                {EXPORT_STATUS_LABELS[item.status]}
              </span>
              {item.status === 'queued' ? <BusyRing /> : null}
            </dd>
          </div>
          <div>
            <dt>Asked for</dt>
            <dd>
              {formatDate(item.requested_at, timeZone)}
              {item.requested_by ? ` by ${item.requested_by.name}` : ''}
            </dd>
          </div>
          {item.expires_at ? (
            <div>
              <dt>{item.status === 'expired' ? 'Expired' : 'Download until'}</dt>
              <dd>{formatDateTime(item.expires_at, timeZone)}</dd>
            </div>
          ) : null}
          {item.size_bytes !== null ? (
            <div>
              <dt>Size</dt>
              <dd>{formatSize(item.size_bytes)}</dd>
            </div>
          ) : null}
        </dl>
        <InlineError message={error} />
      </div>
      {item.status === 'ready' && item.download_url ? (
        <div className="account-list__actions">
          <Button variant="secondary" loading={busy} onClick={() => void download()}>
            Download<span className="visually-hidden"> the copy of {copyOf(item)}</span>
          </Button>
        </div>
      ) : null}
    </li>
  );
}

function PendingItem({
  request,
  readAt,
  timeZone,
  busy,
  error,
  onUndo,
  onDeleteNow,
}: {
  request: DeletionRequest;
  readAt: number;
  timeZone: string;
  busy: boolean;
  error: string | undefined;
  onUndo: () => void;
  onDeleteNow: () => void;
}) {
  const working = underWay(request, readAt);
  const account = request.scope === 'account';
  return (
    <li className="account-list__item data-rights__item">
      <div className="account-list__main">
        <h4 className="account-list__name">
          {account ? 'Closing the account' : `${possessive(subjectOf(request))} data`}
        </h4>
        <dl className="data-rights__facts">
          <div>
            <dt>Asked for</dt>
            <dd>
              {formatDate(request.requested_at, timeZone)}
              {request.requested_by ? ` by ${request.requested_by.name}` : ''}
            </dd>
          </div>
          <div>
            <dt>{account ? 'Closes on' : 'Deleted on'}</dt>
            <dd>{working ? 'Being carried out now' : formatDateTime(request.due_at, timeZone)}</dd>
          </div>
        </dl>
        {working ? <Spinner size="small" label={`Deleting ${deletionSubject(request)}…`} /> : null}
        <InlineError message={error} />
      </div>
      {working ? null : (
        <div className="account-list__actions">
          <Button variant="secondary" loading={busy} onClick={onUndo}>
            Undo
            <span className="visually-hidden">
              {' '}
              {account ? 'closing the account' : `the deletion of ${deletionSubject(request)}`}
            </span>
          </Button>
          <Button variant="danger" disabled={busy} onClick={onDeleteNow}>
            {account ? 'Close now…' : 'Delete now…'}
            <span className="visually-hidden"> ({deletionSubject(request)})</span>
          </Button>
        </div>
      )}
    </li>
  );
}

function PastItem({ request, timeZone }: { request: DeletionRequest; timeZone: string }) {
  const when = request.status === 'completed' ? request.completed_at : request.cancelled_at;
  const by = request.status === 'cancelled' ? request.cancelled_by : null;
  return (
    <li className="account-list__item data-rights__item">
      <div className="account-list__main">
        <h4 className="account-list__name">
          {request.scope === 'account' ? 'Closing the account' : `${possessive(subjectOf(request))} data`}
        </h4>
        <dl className="data-rights__facts">
          <div>
            <dt>Status</dt>
            <dd>
              <span className={`data-rights-status data-rights-status--${request.status}`}>
                {DELETION_STATUS_LABELS[request.status]}
              </span>
            </dd>
          </div>
          <div>
            <dt>Asked for</dt>
            <dd>{formatDate(request.requested_at, timeZone)}</dd>
          </div>
          {when ? (
            <div>
              <dt>{request.status === 'completed' ? 'Deleted' : 'Cancelled'}</dt>
              <dd>
                {formatDate(when, timeZone)}
                {by ? ` by ${by.name}` : ''}
              </dd>
            </div>
          ) : null}
        </dl>
      </div>
    </li>
  );
}

type Dialog =
  { kind: 'delete'; player: { id: number; name: string } | null } | { kind: 'now'; request: DeletionRequest } | null;

export function DataRightsPanel({ accountId, timeZone }: { accountId: number; timeZone: string }) {
  const queryClient = useQueryClient();
  const players = useQuery(playersQuery(accountId));
  const overview = useQuery(dataRightsQuery(accountId));
  const [busy, setBusy] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [dialog, setDialog] = useState<Dialog>(null);
  const deletionsTitleId = useId();
  const copiesTitleId = useId();
  const pastTitleId = useId();
  const playersTitleId = useId();
  useRefreshAfterDeletion(accountId, overview.data);
  const announcement = useReadyAnnouncement(overview.data);

  const data = overview.data;
  const readAt = overview.dataUpdatedAt;
  const pending = data?.deletions.filter((item) => item.status === 'pending') ?? [];
  const past = data?.deletions.filter((item) => item.status !== 'pending') ?? [];
  const closing = pending.find((item) => item.scope === 'account') ?? null;
  const pendingFor = (playerId: number) =>
    pending.find((item) => item.scope === 'player' && item.player?.id === playerId) ?? null;
  const graceDays = data?.grace_days ?? DELETION.graceDays;

  /** Runs a call for `key` (a scope or a deletion), keeping its refusal to show beside it. */
  const run = async (key: string, call: () => Promise<void>) => {
    setBusy(key);
    setErrors(({ [key]: _gone, ...rest }) => rest);
    try {
      await call();
    } catch (failure) {
      setErrors((current) => ({ ...current, [key]: errorText(failure) }));
    } finally {
      setBusy(null);
    }
  };

  const askForCopy = (playerId: number | null) =>
    run(scopeKey(playerId), async () => {
      putExport(queryClient, accountId, await requestExport(accountId, playerId));
      void queryClient.invalidateQueries({ queryKey: dataRightsQuery(accountId).queryKey });
    });

  const undo = (request: DeletionRequest) =>
    run(`deletion-${request.id}`, async () => {
      putDeletion(queryClient, accountId, await undoDeletion(accountId, request.id));
    });

  const focusDeletions = () => document.getElementById(deletionsTitleId);
  // A confirmed deletion removes the button that opened its dialog: focus goes to the list it joined
  // (after the dialog has given focus back, so this wins).
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    if (focusRequest > 0) document.getElementById(deletionsTitleId)?.focus();
  }, [focusRequest, deletionsTitleId]);

  const copyButton = (playerId: number | null, label: ReactNode) => (
    <Button
      variant="secondary"
      loading={busy === scopeKey(playerId)}
      disabled={busy !== null && busy !== scopeKey(playerId)}
      onClick={() => void askForCopy(playerId)}
    >
      {label}
    </Button>
  );

  let playerList;
  if (players.isPending) playerList = <Spinner label="Loading your players…" />;
  else if (players.isError) playerList = <LoadError what="your players" onRetry={players.refetch} />;
  else if (players.data.results.length === 0) playerList = <p>There are no players on this account.</p>;
  else {
    playerList = (
      <ul className="account-list" aria-labelledby={playersTitleId}>
        {players.data.results.map((player: Player) => {
          const scheduled = pendingFor(player.id);
          return (
            <li key={player.id} className="account-list__item data-rights__item">
              <div className="account-list__main">
                <h4 className="account-list__name">{player.name}</h4>
                {scheduled ? (
                  <p className="account-list__meta">
                    Deletion scheduled for {formatDateTime(scheduled.due_at, timeZone)}
                  </p>
                ) : null}
                <InlineError message={errors[scopeKey(player.id)]} />
              </div>
              <div className="account-list__actions">
                {copyButton(
                  player.id,
                  <>
                    Download a copy<span className="visually-hidden"> of {possessive(player.name)} data</span>
                  </>,
                )}
                {scheduled || closing || !data ? null : (
                  <Button variant="ghost" onClick={() => setDialog({ kind: 'delete', player })}>
                    Delete {possessive(player.name)} data…
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    );
  }

  let copies;
  let deletions;
  if (overview.isPending) {
    copies = <Spinner label="Loading your copies…" />;
    deletions = <Spinner label="Loading your deletions…" />;
  } else if (overview.isError) {
    copies = <LoadError what="your copies and deletions" onRetry={overview.refetch} />;
    deletions = null;
  } else {
    copies =
      overview.data.exports.length === 0 ? (
        <p>You have not asked for a copy yet.</p>
      ) : (
        <ul className="account-list" aria-labelledby={copiesTitleId}>
          {overview.data.exports.map((item) => (
            <ExportItem key={item.id} accountId={accountId} item={item} timeZone={timeZone} />
          ))}
        </ul>
      );
    deletions = (
      <>
        {pending.length === 0 ? (
          <p>Nothing is scheduled for deletion.</p>
        ) : (
          <ul className="account-list" aria-labelledby={deletionsTitleId}>
            {pending.map((request) => (
              <PendingItem
                key={request.id}
                request={request}
                readAt={readAt}
                timeZone={timeZone}
                busy={busy === `deletion-${request.id}`}
                error={errors[`deletion-${request.id}`]}
                onUndo={() => void undo(request)}
                onDeleteNow={() => setDialog({ kind: 'now', request })}
              />
            ))}
          </ul>
        )}
        {past.length > 0 ? (
          <>
            <h3 className="data-rights__subtitle" id={pastTitleId}>
              Past deletions
            </h3>
            <ul className="account-list" aria-labelledby={pastTitleId}>
              {past.map((request) => (
                <PastItem key={request.id} request={request} timeZone={timeZone} />
              ))}
            </ul>
          </>
        ) : null}
      </>
    );
  }

  const linkHours = data?.link_hours;
  return (
    <AccountCard
      title="Your data"
      className="data-rights"
      intro={`Download a copy of what Grove holds about a player or your whole account, or have it deleted. A copy is prepared in a minute or two; we e-mail you when it is ready${linkHours ? ` and it can be downloaded for ${linkHours} hours` : ''}. A deletion happens ${graceDays} days after you ask, and you can undo it until then.`}
    >
      {closing ? (
        <div className="data-rights__banner">
          <p>
            Your account is scheduled to close on {formatDateTime(closing.due_at, timeZone)}. Then your players’ data
            and everyone’s sign-in are deleted; billing records stay. You can undo it under Scheduled deletions below
            until then.
          </p>
        </div>
      ) : null}
      <h3 className="data-rights__subtitle" id={playersTitleId}>
        Your players
      </h3>
      {playerList}
      <h3 className="data-rights__subtitle">The whole account</h3>
      <div className="data-rights__account">
        <p className="account-list__meta">
          Everything about your family: the account, its people, every player and the billing records.
        </p>
        <InlineError message={errors[scopeKey(null)]} />
        <div className="account-list__actions">
          {copyButton(null, 'Download everything')}
          {closing || !data ? null : (
            <Button variant="ghost" onClick={() => setDialog({ kind: 'delete', player: null })}>
              Close account…
            </Button>
          )}
        </div>
      </div>
      <h3 className="data-rights__subtitle" id={copiesTitleId}>
        Your copies
      </h3>
      {copies}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      <h3 className="data-rights__subtitle" id={deletionsTitleId} tabIndex={-1}>
        Scheduled deletions
      </h3>
      {deletions}
      {dialog?.kind === 'delete' ? (
        <DeletionDialog
          player={dialog.player}
          graceDays={graceDays}
          timeZone={timeZone}
          onConfirm={async () => {
            putDeletion(queryClient, accountId, await requestDeletion(accountId, dialog.player?.id ?? null));
            setFocusRequest((count) => count + 1);
          }}
          onClose={() => setDialog(null)}
          fallbackFocus={focusDeletions}
        />
      ) : null}
      {dialog?.kind === 'now' ? (
        <DeleteNowDialog
          request={dialog.request}
          timeZone={timeZone}
          onConfirm={async () => {
            putDeletion(queryClient, accountId, await deleteNow(accountId, dialog.request.id));
            setFocusRequest((count) => count + 1);
            // The job carries it out within seconds: read again now, then every few seconds.
            void queryClient.invalidateQueries({ queryKey: dataRightsQuery(accountId).queryKey });
          }}
          onClose={() => setDialog(null)}
          fallbackFocus={focusDeletions}
        />
      ) : null}
    </AccountCard>
  );
}
