/**
 * The confirmations before a family's data goes (issue 17 item 3; docs/decisions/0039): deleting
 * one player's data or closing the account — what goes, what billing law keeps, when it happens and
 * that it can be undone until then, a box to tick — and "Delete now", which skips the rest of the
 * grace period. A refusal shows inside the dialog: a field message under the box, a state conflict
 * (a deletion already scheduled, a subscription still running, with the way to Billing) above the
 * buttons.
 */
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { errorText } from '@grove/domain';
import { DATA_RIGHTS_MESSAGES, deletionDueAt } from '@grove/domain/data-rights';
import { RETENTION } from '@grove/domain/privacy';
import type { DeletionRequest } from '@grove/domain/api/data-rights';

import { Button } from '../../components/button.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { ModalDialog } from '../../components/modal-dialog.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/format.ts';
import { href } from '../../lib/paths.ts';

/** "Maya’s". */
export const possessive = (name: string) => `${name}’s`;

/** What a deletion is about, in words: "Maya’s data", "your account". */
export function deletionSubject(request: Pick<DeletionRequest, 'scope' | 'player'>): string {
  return request.scope === 'account' ? 'your account' : `${possessive(request.player?.name ?? 'a player')} data`;
}

type Failure = { box: string | null; general: string | null; subscriptionRunning: boolean };

/** A refusal, sorted: the confirm box's message, the rest, and whether a subscription still runs. */
function sortFailure(failure: unknown): Failure {
  if (!(failure instanceof ApiError)) return { box: null, general: errorText(failure), subscriptionRunning: false };
  const { confirm, ...others } = failure.fieldErrors;
  const general = [...Object.values(others).flat(), ...failure.nonFieldErrors];
  return {
    box: confirm ? confirm.join(' ') : null,
    general: general.length > 0 ? general.join(' ') : confirm ? null : failure.message,
    subscriptionRunning: failure.code === 'subscription_running',
  };
}

const NO_FAILURE: Failure = { box: null, general: null, subscriptionRunning: false };

/**
 * Schedules the deletion of one player's data (`player`) or the account's closure (null). The
 * dialog closes once the request is made; `onConfirm` makes it.
 */
export function DeletionDialog({
  player,
  graceDays,
  timeZone,
  onConfirm,
  onClose,
  fallbackFocus,
}: {
  player: { id: number; name: string } | null;
  graceDays: number;
  timeZone: string;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
  fallbackFocus?: () => HTMLElement | null;
}) {
  const id = useId();
  const boxId = `${id}-box`;
  const boxErrorId = `${id}-box-error`;
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure>(NO_FAILURE);
  const [due] = useState(() => formatDate(deletionDueAt(new Date(), graceDays).toISOString(), timeZone));
  const whose = player ? possessive(player.name) : null;

  const confirm = async () => {
    if (!agreed) {
      setFailure({ ...NO_FAILURE, box: DATA_RIGHTS_MESSAGES.confirmDeletion });
      document.getElementById(boxId)?.focus();
      return;
    }
    setBusy(true);
    setFailure(NO_FAILURE);
    try {
      await onConfirm();
      onClose();
    } catch (error) {
      setFailure(sortFailure(error));
      setBusy(false);
    }
  };

  const when = (
    <p>
      This happens on <strong>{due}</strong>, {graceDays} days from now. Until then{' '}
      {player ? `${player.name} stays on your account and ` : 'everything stays as it is and '}you can undo it on this
      page. Afterwards nothing can be brought back, by you or by Grove’s staff. We e-mail you when it is done.
    </p>
  );

  return (
    <ModalDialog
      title={player ? `Delete ${whose} data?` : 'Close your account?'}
      onClose={onClose}
      busy={busy}
      fallbackFocus={fallbackFocus}
      className="data-rights-dialog"
    >
      {player ? (
        <>
          <p>
            Grove deletes {whose} profile, play and heart-rate data, survey answers, and the notes about {player.name}.
            Your orders and payments are not affected.
          </p>
          {when}
          <p>Want to keep a copy? Download one before you go on.</p>
        </>
      ) : (
        <>
          <p>Closing the account deletes:</p>
          <ul className="data-rights-dialog__list">
            <li>every player’s profile, play and heart-rate data, survey answers and the notes about them;</li>
            <li>the people on the account and their sign-ins;</li>
            <li>
              your addresses, devices, coaching calls, support tickets, e-mails and texts, consent records, share links
              and copies of your data.
            </li>
          </ul>
          <p>
            What stays: orders, invoices and payment records are kept for {RETENTION.billingRecordYears} years, as tax
            law requires.
          </p>
          <p>
            Your subscription must be cancelled first: a running subscription still ships and bills.{' '}
            <Link to={href('root.user.management', null, { segment: 'billing' })}>Subscription &amp; Billing</Link>
          </p>
          {when}
        </>
      )}
      <div className="data-rights-dialog__check">
        <input
          id={boxId}
          type="checkbox"
          checked={agreed}
          disabled={busy}
          aria-invalid={failure.box ? true : undefined}
          aria-describedby={failure.box ? boxErrorId : undefined}
          onChange={(event) => {
            setAgreed(event.target.checked);
            if (event.target.checked) setFailure((current) => ({ ...current, box: null }));
          }}
        />
        <label htmlFor={boxId}>
          {player
            ? `I understand that ${whose} data will be deleted for good.`
            : 'I understand that my account and my family’s data will be deleted for good.'}
        </label>
      </div>
      {failure.box ? (
        <p className="form-error" id={boxErrorId}>
          {failure.box}
        </p>
      ) : null}
      {failure.general ? (
        <div className="form-error" role="alert">
          <p>{failure.general}</p>
          {failure.subscriptionRunning ? (
            <p>
              <Link to={href('root.user.management', null, { segment: 'billing' })}>
                Cancel your subscription in Subscription &amp; Billing
              </Link>
            </p>
          ) : null}
        </div>
      ) : null}
      <div className="dialog__actions">
        <Button variant="ghost" disabled={busy} onClick={onClose} data-autofocus>
          Keep
        </Button>
        <Button variant="danger" loading={busy} onClick={() => void confirm()}>
          {player ? `Delete ${whose} data` : 'Close account'}
        </Button>
      </div>
    </ModalDialog>
  );
}

/** "Delete now": the rest of the grace period is skipped. */
export function DeleteNowDialog({
  request,
  timeZone,
  onConfirm,
  onClose,
  fallbackFocus,
}: {
  request: DeletionRequest;
  timeZone: string;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
  fallbackFocus?: () => HTMLElement | null;
}) {
  const account = request.scope === 'account';
  return (
    <ConfirmDialog
      title={account ? 'Close your account now?' : `Delete ${deletionSubject(request)} now?`}
      confirmLabel={account ? 'Close account now' : 'Delete now'}
      cancelLabel="Go back"
      onConfirm={onConfirm}
      onClose={onClose}
      fallbackFocus={fallbackFocus}
    >
      <p>
        Instead of on {formatDate(request.due_at, timeZone)}, {deletionSubject(request)}{' '}
        {account ? 'closes' : 'is deleted'} within a minute. It cannot be undone, and nothing can be brought back
        afterwards, by you or by Grove’s staff.
      </p>
    </ConfirmDialog>
  );
}
