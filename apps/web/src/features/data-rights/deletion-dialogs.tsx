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
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { errorText } from '@grove/domain';
import { DATA_RIGHTS_MESSAGES, deletionDueAt } from '@grove/domain/data-rights';
import { RETENTION } from '@grove/domain/privacy';
import type { DeletionRequest } from '@grove/domain/api/data-rights';

import { Button } from '../../components/button.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { ModalDialog } from '../../components/modal-dialog.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/format.ts';
import { domainText } from '../../lib/i18n.ts';
import { href } from '../../lib/paths.ts';

/** Whose data a player's deletion is about: the player's name, or "a player" once it is gone. */
export function playerOf(request: Pick<DeletionRequest, 'player'>, i18n: I18n): string {
  return request.player?.name ?? i18n._(msg`a player`);
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
  const { t } = useLingui();
  const [dueAt] = useState(() => deletionDueAt(new Date(), graceDays).toISOString());
  const due = formatDate(dueAt, timeZone);
  const name = player?.name ?? '';
  const years = RETENTION.billingRecordYears;

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
      {player ? (
        <Trans>
          This happens on <strong>{due}</strong>, {graceDays} days from now. Until then {name} stays on your account and
          you can undo it on this page. Afterwards nothing can be brought back, by you or by Grove’s staff. We e-mail
          you when it is done.
        </Trans>
      ) : (
        <Trans>
          This happens on <strong>{due}</strong>, {graceDays} days from now. Until then everything stays as it is and
          you can undo it on this page. Afterwards nothing can be brought back, by you or by Grove’s staff. We e-mail
          you when it is done.
        </Trans>
      )}
    </p>
  );

  return (
    <ModalDialog
      title={player ? t`Delete ${name}’s data?` : t`Close your account?`}
      onClose={onClose}
      busy={busy}
      fallbackFocus={fallbackFocus}
      className="data-rights-dialog"
    >
      {player ? (
        <>
          <p>
            <Trans>
              Grove deletes {name}’s profile, play and heart-rate data, survey answers, and the notes about {name}. Your
              orders and payments are not affected.
            </Trans>
          </p>
          {when}
          <p>
            <Trans>Want to keep a copy? Download one before you go on.</Trans>
          </p>
        </>
      ) : (
        <>
          <p>
            <Trans>Closing the account deletes:</Trans>
          </p>
          <ul className="data-rights-dialog__list">
            <li>
              <Trans>every player’s profile, play and heart-rate data, survey answers and the notes about them;</Trans>
            </li>
            <li>
              <Trans>the people on the account and their sign-ins;</Trans>
            </li>
            <li>
              <Trans>
                your addresses, devices, coaching calls, support tickets, e-mails and texts, consent records, share
                links and copies of your data.
              </Trans>
            </li>
          </ul>
          <p>
            <Trans>
              What stays: orders, invoices and payment records are kept for {years} years, as tax law requires.
            </Trans>
          </p>
          <p>
            <Trans>
              Your subscription must be cancelled first: a running subscription still ships and bills.{' '}
              <Link to={href('root.user.management', null, { segment: 'billing' })}>Subscription & Billing</Link>
            </Trans>
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
            ? t`I understand that ${name}’s data will be deleted for good.`
            : t`I understand that my account and my family’s data will be deleted for good.`}
        </label>
      </div>
      {failure.box ? (
        <p className="form-error" id={boxErrorId}>
          {domainText(failure.box)}
        </p>
      ) : null}
      {failure.general ? (
        <div className="form-error" role="alert">
          <p>{domainText(failure.general)}</p>
          {failure.subscriptionRunning ? (
            <p>
              <Link to={href('root.user.management', null, { segment: 'billing' })}>
                <Trans>Cancel your subscription in Subscription & Billing</Trans>
              </Link>
            </p>
          ) : null}
        </div>
      ) : null}
      <div className="dialog__actions">
        <Button variant="ghost" disabled={busy} onClick={onClose} data-autofocus>
          <Trans>Keep</Trans>
        </Button>
        <Button variant="danger" loading={busy} onClick={() => void confirm()}>
          {player ? t`Delete ${name}’s data` : t`Close account`}
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
  const { t, i18n } = useLingui();
  const account = request.scope === 'account';
  const name = playerOf(request, i18n);
  const due = formatDate(request.due_at, timeZone);
  return (
    <ConfirmDialog
      title={account ? t`Close your account now?` : t`Delete ${name}’s data now?`}
      confirmLabel={account ? t`Close account now` : t`Delete now`}
      cancelLabel={t`Go back`}
      onConfirm={onConfirm}
      onClose={onClose}
      fallbackFocus={fallbackFocus}
    >
      <p>
        {account ? (
          <Trans>
            Instead of on {due}, your account closes within a minute. It cannot be undone, and nothing can be brought
            back afterwards, by you or by Grove’s staff.
          </Trans>
        ) : (
          <Trans>
            Instead of on {due}, {name}’s data is deleted within a minute. It cannot be undone, and nothing can be
            brought back afterwards, by you or by Grove’s staff.
          </Trans>
        )}
      </p>
    </ConfirmDialog>
  );
}
