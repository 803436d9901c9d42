/**
 * "Are you sure?" before something that cannot be taken back (removing a person, revoking a
 * device's token): the question, what it means, the confirming button and a way out. A failure
 * shows inside the dialog; the dialog closes once the change is made.
 */
import { useState, type ReactNode } from 'react';
import { errorText } from '@grove/domain';

import { Button } from '../../components/button.tsx';
import { ModalDialog } from '../../components/modal-dialog.tsx';

export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel = 'Keep',
  onConfirm,
  onClose,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      onClose();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : errorText(failure));
      setBusy(false);
    }
  };

  return (
    <ModalDialog title={title} onClose={onClose} busy={busy}>
      <div>{children}</div>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="dialog__actions">
        <Button variant="ghost" disabled={busy} onClick={onClose} data-autofocus>
          {cancelLabel}
        </Button>
        <Button variant="danger" loading={busy} onClick={() => void confirm()}>
          {confirmLabel}
        </Button>
      </div>
    </ModalDialog>
  );
}
