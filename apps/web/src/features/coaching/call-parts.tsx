/**
 * Pieces both coaching views show for a call: its status in words, when it is, "Add to
 * calendar" (the .ics file, fetched with the person's token and saved) and the confirmation that
 * cancels it.
 */
import { useState, type ReactNode, type RefObject } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { type CallStatus } from '@grove/domain';
import type { CoachingCall } from '@grove/domain/api/coaching';

import { Button } from '../../components/button.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { notify, notifyError } from '../../lib/notifications.ts';
import { downloadCallIcs, refusalText, useChangeCall } from './coaching.api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { domainText } from '../../lib/i18n.ts';

export const CALL_STATUS_LABELS: Record<CallStatus, MessageDescriptor> = {
  scheduled: msg({ message: 'Scheduled', context: 'call status' }),
  completed: msg({ message: 'Completed', context: 'call status' }),
  no_show: msg({ message: 'No-show', context: 'call status' }),
  cancelled: msg({ message: 'Cancelled', context: 'call status' }),
};

export function CallStatusBadge({ status }: { status: CallStatus }) {
  const { i18n } = useLingui();
  return (
    <span
      className={`badge coaching-status coaching-status--${status}${status === 'scheduled' ? ' badge--green' : ''}`}
    >
      {i18n._(CALL_STATUS_LABELS[status])}
    </span>
  );
}

/** '11-23-2026 6:00:00 PM EST' — the call's start in `timeZone` (30 minutes long). */
export function callWhen(call: Pick<CoachingCall, 'starts_at'>, timeZone: string): string {
  return formatDateTime(call.starts_at, timeZone);
}

export function AddToCalendarButton({ call, label }: { call: CoachingCall; label: string }) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const filename = await downloadCallIcs(call.id);
      notify({
        kind: 'success',
        title: t`Calendar file saved`,
        message: t`Open ${filename} to add the call to your calendar.`,
      });
    } catch (error) {
      notifyError(t`Adding the call to your calendar`, error instanceof Error ? error.message : undefined);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" loading={busy} onClick={() => void run()} aria-label={t`Add to calendar: ${label}`}>
      {t`Add to calendar`}
    </Button>
  );
}

/**
 * "Cancel this call?": Cancel the call cancels it, then `onCancelled` says so and the calls'
 * heading takes the focus (the call left the upcoming list with its buttons); a refusal shows in
 * the dialog. `children` says what cancelling means to the person.
 */
export function CancelCallDialog({
  call,
  headingRef,
  onClose,
  onCancelled,
  children,
}: {
  call: CoachingCall;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onClose: () => void;
  onCancelled: (call: CoachingCall) => void;
  children: ReactNode;
}) {
  const { t } = useLingui();
  const cancel = useChangeCall();
  return (
    <ConfirmDialog
      title={t`Cancel this call?`}
      confirmLabel={t`Cancel the call`}
      cancelLabel={t`Keep the call`}
      describeError={(failure) => domainText(refusalText(failure))}
      onClose={onClose}
      fallbackFocus={() => headingRef.current}
      onConfirm={async () => {
        const cancelled = await cancel.mutateAsync({ callId: call.id, body: { status: 'cancelled' } });
        onCancelled(cancelled);
        requestAnimationFrame(() => headingRef.current?.focus());
      }}
    >
      {children}
    </ConfirmDialog>
  );
}
