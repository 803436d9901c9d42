/**
 * "Are you sure?" before something that cannot be taken back (removing a person, revoking a
 * device's token, cancelling a call): the question, what it means, the confirming button and a way
 * out, focused first. A failure shows inside the dialog (`describeError` words it); the dialog
 * closes once the change is made.
 */
import { useState, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { errorText } from '@grove/domain';

import { domainText } from '../lib/i18n.ts';
import { Button } from './button.tsx';
import { ModalDialog } from './modal-dialog.tsx';

/** The failure's words (a refusal: the domain's English, or the server's) in the page's language. */
function defaultErrorText(failure: unknown): string {
  return domainText(failure instanceof Error ? failure.message : errorText(failure));
}

export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onClose,
  fallbackFocus,
  describeError = defaultErrorText,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
  /** Where focus goes when the button that opened the dialog is gone (the change removed it). */
  fallbackFocus?: () => HTMLElement | null;
  describeError?: (failure: unknown) => string;
}) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      onClose();
    } catch (failure) {
      setError(describeError(failure));
      setBusy(false);
    }
  };

  return (
    <ModalDialog title={title} onClose={onClose} busy={busy} fallbackFocus={fallbackFocus}>
      <div>{children}</div>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="dialog__actions">
        <Button variant="ghost" disabled={busy} onClick={onClose} data-autofocus>
          {cancelLabel ?? t`Keep`}
        </Button>
        <Button variant="danger" loading={busy} onClick={() => void confirm()}>
          {confirmLabel}
        </Button>
      </div>
    </ModalDialog>
  );
}
