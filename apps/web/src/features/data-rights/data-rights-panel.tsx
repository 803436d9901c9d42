/**
 * "Your data" on Account → Privacy (issue 17 items 2, 3 and 6; docs/decisions/0038 and 0039): for
 * each player a copy to download and the deletion of their data, for the whole account a copy of
 * everything and its closure; the copies asked for (prepared by a job: the page reads the overview
 * again every few seconds until they are ready) with their download; the deletions scheduled, with
 * Undo and Delete now, and the past ones. A scheduled closure is a banner at the top. Once a
 * deletion is carried out, the players and the account are read again, so the player disappears
 * everywhere. Rules are the domain's (packages/domain/src/data-rights.ts); the statuses' words
 * are the screen's own (EXPORT_STATUS_WORDS, DELETION_STATUS_WORDS), in the page's language.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { errorText } from '@grove/domain';
import { DELETION, type DeletionStatus, type ExportStatus } from '@grove/domain/data-rights';
import type { DataExport, DataRights, DeletionRequest } from '@grove/domain/api/data-rights';
import type { Player } from '@grove/domain/api/players';

import { AccountCard } from '../../components/account-card.tsx';
import { LoadError } from '../../components/load-state.tsx';
import { Button } from '../../components/button.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { formatDate, formatDateTime, formatNumber } from '../../lib/format.ts';
import { domainText } from '../../lib/i18n.ts';
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
import { DeleteNowDialog, DeletionDialog, playerOf } from './deletion-dialogs.tsx';
import '../../components/account-card.css';
import './data-rights.css';

/** The statuses of a copy, as this screen says them (EXPORT_STATUS_LABELS of the domain). */
const EXPORT_STATUS_WORDS: Readonly<Record<ExportStatus, MessageDescriptor>> = {
  queued: msg`Being prepared`,
  ready: msg`Ready to download`,
  failed: msg`Could not be prepared`,
  expired: msg`Expired`,
};

/** The statuses of a deletion (DELETION_STATUS_LABELS of the domain). */
const DELETION_STATUS_WORDS: Readonly<Record<DeletionStatus, MessageDescriptor>> = {
  pending: msg`Scheduled`,
  cancelled: msg`Cancelled`,
  completed: msg`Deleted`,
};

/** '512 bytes', '14 KB', '2.3 MB' (the units read the same in Spanish; the numbers in the page's language). */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${formatNumber(bytes)} bytes`;
  if (bytes < 1024 * 1024) return `${formatNumber(Math.round(bytes / 1024))} KB`;
  return `${formatNumber(Math.round((bytes / (1024 * 1024)) * 10) / 10)} MB`;
}

/** What a copy or a deletion is of: the player's name, or the whole account. */
const subjectOf = (item: { player: { name: string } | null }, i18n: I18n) =>
  item.player?.name ?? i18n._(msg`Whole account`);

/** The heading of a deletion: "Closing the account", "Maya’s data". */
function deletionHeading(request: DeletionRequest, i18n: I18n): string {
  if (request.scope === 'account') return i18n._(msg`Closing the account`);
  const name = subjectOf(request, i18n);
  return i18n._(msg({ context: 'heading', message: `${name}’s data` }));
}

/** "by Jordan Parker" after a date, when someone is named. */
function dateBy(date: string, by: { name: string } | null | undefined, i18n: I18n): string {
  if (!by) return date;
  const name = by.name;
  return i18n._(msg`${date} by ${name}`);
}

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
      {domainText(message)}
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
  const { i18n } = useLingui();
  const known = useRef<Map<number, DataExport['status']> | null>(null);
  const [message, setMessage] = useState('');
  useEffect(() => {
    if (!overview) return;
    const before = known.current;
    known.current = new Map(overview.exports.map((item) => [item.id, item.status]));
    if (!before) return;
    const ready = overview.exports.find((item) => item.status === 'ready' && before.get(item.id) === 'queued');
    if (!ready) return;
    const name = ready.player?.name;
    setMessage(
      name
        ? i18n._(msg`Your copy of ${name}’s data is ready to download.`)
        : i18n._(msg`Your copy of everything is ready to download.`),
    );
  }, [overview, i18n]);
  return message;
}

function ExportItem({ accountId, item, timeZone }: { accountId: number; item: DataExport; timeZone: string }) {
  const { i18n } = useLingui();
  const name = item.player?.name;
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
        <h4 className="account-list__name">{subjectOf(item, i18n)}</h4>
        <dl className="data-rights__facts">
          <div>
            <dt>
              <Trans>Status</Trans>
            </dt>
            <dd>
              <span className={`data-rights-status data-rights-status--${item.status}`}>
                {i18n._(EXPORT_STATUS_WORDS[item.status])}
              </span>
              {item.status === 'queued' ? <BusyRing /> : null}
            </dd>
          </div>
          <div>
            <dt>
              <Trans>Asked for</Trans>
            </dt>
            <dd>{dateBy(formatDate(item.requested_at, timeZone), item.requested_by, i18n)}</dd>
          </div>
          {item.expires_at ? (
            <div>
              <dt>{item.status === 'expired' ? <Trans>Expired</Trans> : <Trans>Download until</Trans>}</dt>
              <dd>{formatDateTime(item.expires_at, timeZone)}</dd>
            </div>
          ) : null}
          {item.size_bytes !== null ? (
            <div>
              <dt>
                <Trans>Size</Trans>
              </dt>
              <dd>{formatSize(item.size_bytes)}</dd>
            </div>
          ) : null}
        </dl>
        <InlineError message={error} />
      </div>
      {item.status === 'ready' && item.download_url ? (
        <div className="account-list__actions">
          <Button variant="secondary" loading={busy} onClick={() => void download()}>
            {name ? (
              <Trans>
                Download<span className="visually-hidden"> the copy of {name}’s data</span>
              </Trans>
            ) : (
              <Trans>
                Download<span className="visually-hidden"> the copy of everything</span>
              </Trans>
            )}
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
  const { t, i18n } = useLingui();
  const working = underWay(request, readAt);
  const account = request.scope === 'account';
  const name = playerOf(request, i18n);
  return (
    <li className="account-list__item data-rights__item">
      <div className="account-list__main">
        <h4 className="account-list__name">{deletionHeading(request, i18n)}</h4>
        <dl className="data-rights__facts">
          <div>
            <dt>
              <Trans>Asked for</Trans>
            </dt>
            <dd>{dateBy(formatDate(request.requested_at, timeZone), request.requested_by, i18n)}</dd>
          </div>
          <div>
            <dt>{account ? <Trans>Closes on</Trans> : <Trans>Deleted on</Trans>}</dt>
            <dd>{working ? t`Being carried out now` : formatDateTime(request.due_at, timeZone)}</dd>
          </div>
        </dl>
        {working ? (
          <Spinner size="small" label={account ? t`Deleting your account…` : t`Deleting ${name}’s data…`} />
        ) : null}
        <InlineError message={error} />
      </div>
      {working ? null : (
        <div className="account-list__actions">
          <Button variant="secondary" loading={busy} onClick={onUndo}>
            {account ? (
              <Trans>
                Undo<span className="visually-hidden"> closing the account</span>
              </Trans>
            ) : (
              <Trans>
                Undo<span className="visually-hidden"> the deletion of {name}’s data</span>
              </Trans>
            )}
          </Button>
          <Button variant="danger" disabled={busy} onClick={onDeleteNow}>
            {account ? (
              <Trans>
                Close now…<span className="visually-hidden"> (your account)</span>
              </Trans>
            ) : (
              <Trans>
                Delete now…<span className="visually-hidden"> ({name}’s data)</span>
              </Trans>
            )}
          </Button>
        </div>
      )}
    </li>
  );
}

function PastItem({ request, timeZone }: { request: DeletionRequest; timeZone: string }) {
  const { i18n } = useLingui();
  const when = request.status === 'completed' ? request.completed_at : request.cancelled_at;
  const by = request.status === 'cancelled' ? request.cancelled_by : null;
  return (
    <li className="account-list__item data-rights__item">
      <div className="account-list__main">
        <h4 className="account-list__name">{deletionHeading(request, i18n)}</h4>
        <dl className="data-rights__facts">
          <div>
            <dt>
              <Trans>Status</Trans>
            </dt>
            <dd>
              <span className={`data-rights-status data-rights-status--${request.status}`}>
                {i18n._(DELETION_STATUS_WORDS[request.status])}
              </span>
            </dd>
          </div>
          <div>
            <dt>
              <Trans>Asked for</Trans>
            </dt>
            <dd>{formatDate(request.requested_at, timeZone)}</dd>
          </div>
          {when ? (
            <div>
              <dt>{request.status === 'completed' ? <Trans>Deleted</Trans> : <Trans>Cancelled</Trans>}</dt>
              <dd>{dateBy(formatDate(when, timeZone), by, i18n)}</dd>
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
  const { t } = useLingui();
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
  if (players.isPending) playerList = <Spinner label={t`Loading your players…`} />;
  else if (players.isError) playerList = <LoadError what={t`your players`} onRetry={players.refetch} />;
  else if (players.data.results.length === 0) {
    playerList = (
      <p>
        <Trans>There are no players on this account.</Trans>
      </p>
    );
  } else {
    playerList = (
      <ul className="account-list" aria-labelledby={playersTitleId}>
        {players.data.results.map((player: Player) => {
          const scheduled = pendingFor(player.id);
          const name = player.name;
          const due = scheduled ? formatDateTime(scheduled.due_at, timeZone) : '';
          return (
            <li key={player.id} className="account-list__item data-rights__item">
              <div className="account-list__main">
                <h4 className="account-list__name">{player.name}</h4>
                {scheduled ? (
                  <p className="account-list__meta">
                    <Trans>Deletion scheduled for {due}</Trans>
                  </p>
                ) : null}
                <InlineError message={errors[scopeKey(player.id)]} />
              </div>
              <div className="account-list__actions">
                {copyButton(
                  player.id,
                  <Trans>
                    Download a copy<span className="visually-hidden"> of {name}’s data</span>
                  </Trans>,
                )}
                {scheduled || closing || !data ? null : (
                  <Button variant="ghost" onClick={() => setDialog({ kind: 'delete', player })}>
                    <Trans>Delete {name}’s data…</Trans>
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
    copies = <Spinner label={t`Loading your copies…`} />;
    deletions = <Spinner label={t`Loading your deletions…`} />;
  } else if (overview.isError) {
    copies = <LoadError what={t`your copies and deletions`} onRetry={overview.refetch} />;
    deletions = null;
  } else {
    copies =
      overview.data.exports.length === 0 ? (
        <p>
          <Trans>You have not asked for a copy yet.</Trans>
        </p>
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
          <p>
            <Trans>Nothing is scheduled for deletion.</Trans>
          </p>
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
              <Trans>Past deletions</Trans>
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
  const closesOn = closing ? formatDateTime(closing.due_at, timeZone) : '';
  return (
    <AccountCard
      title={t`Your data`}
      className="data-rights"
      intro={
        linkHours
          ? t`Download a copy of what Grove holds about a player or your whole account, or have it deleted. A copy is prepared in a minute or two; we e-mail you when it is ready and it can be downloaded for ${linkHours} hours. A deletion happens ${graceDays} days after you ask, and you can undo it until then.`
          : t`Download a copy of what Grove holds about a player or your whole account, or have it deleted. A copy is prepared in a minute or two; we e-mail you when it is ready. A deletion happens ${graceDays} days after you ask, and you can undo it until then.`
      }
    >
      {closing ? (
        <div className="data-rights__banner">
          <p>
            <Trans>
              Your account is scheduled to close on {closesOn}. Then your players’ data and everyone’s sign-in are
              deleted; billing records stay. You can undo it under Scheduled deletions below until then.
            </Trans>
          </p>
        </div>
      ) : null}
      <h3 className="data-rights__subtitle" id={playersTitleId}>
        <Trans>Your players</Trans>
      </h3>
      {playerList}
      <h3 className="data-rights__subtitle">
        <Trans>The whole account</Trans>
      </h3>
      <div className="data-rights__account">
        <p className="account-list__meta">
          <Trans>Everything about your family: the account, its people, every player and the billing records.</Trans>
        </p>
        <InlineError message={errors[scopeKey(null)]} />
        <div className="account-list__actions">
          {copyButton(null, t`Download everything`)}
          {closing || !data ? null : (
            <Button variant="ghost" onClick={() => setDialog({ kind: 'delete', player: null })}>
              <Trans>Close account…</Trans>
            </Button>
          )}
        </div>
      </div>
      <h3 className="data-rights__subtitle" id={copiesTitleId}>
        <Trans>Your copies</Trans>
      </h3>
      {copies}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      <h3 className="data-rights__subtitle" id={deletionsTitleId} tabIndex={-1}>
        <Trans>Scheduled deletions</Trans>
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
