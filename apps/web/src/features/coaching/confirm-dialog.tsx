/**
 * A small confirmation: a native `<dialog>` opened with showModal (the page behind is inert and
 * Tab stays inside), named by its title, Escape or "keep" closing it (not while `busy`), focus on
 * the safe choice first and back on what opened it afterwards (or on `returnFocus` when that is
 * gone). A refused confirmation shows its sentence inside.
 */
import { useEffect, useId, useLayoutEffect, useRef, type ReactNode, type SyntheticEvent } from 'react';

import { Button } from '../../components/button.tsx';

export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  keepLabel,
  busy = false,
  error,
  onConfirm,
  onClose,
  returnFocus,
}: {
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  keepLabel: string;
  busy?: boolean;
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
  returnFocus?: () => HTMLElement | null;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();
  const latest = useRef({ busy, onClose, returnFocus });
  useEffect(() => {
    latest.current = { busy, onClose, returnFocus };
  });

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => {
      if (dialog.open) dialog.close();
      const target = opener?.isConnected ? opener : (latest.current.returnFocus?.() ?? null);
      target?.focus();
    };
  }, []);

  const requestClose = () => {
    if (!latest.current.busy) latest.current.onClose();
  };
  // The browser's Escape: the dialog closes through React, never behind its back.
  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    requestClose();
  };

  return (
    <dialog
      ref={ref}
      className="coaching-dialog"
      aria-labelledby={titleId}
      aria-describedby={children ? bodyId : undefined}
      onCancel={onCancel}
    >
      <h2 id={titleId} className="coaching-dialog__title">
        {title}
      </h2>
      {children ? (
        <div id={bodyId} className="coaching-dialog__body">
          {children}
        </div>
      ) : null}
      {error ? (
        <p className="coaching-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="coaching-dialog__actions">
        <Button data-autofocus variant="secondary" onClick={requestClose} disabled={busy}>
          {keepLabel}
        </Button>
        <Button variant="danger" loading={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}
