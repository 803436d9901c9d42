/**
 * A modal dialog: a native `<dialog>` opened with showModal (the page behind is inert), its title
 * as its name, Tab and Shift+Tab kept inside, Escape closing it (not while `busy`), and focus
 * going back to what opened it — or to `fallbackFocus` when that is gone (the flow removed the
 * button).
 */
import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  type KeyboardEvent as ReactKeyboardEvent,
  type ReactNode,
  type SyntheticEvent,
} from 'react';
import { useLingui } from '@lingui/react/macro';

import { focusables, keepTabInside } from './focus-trap.ts';
import { CloseIcon } from './icons.tsx';
import './modal-dialog.css';

/** Moves focus into `container`: its [data-autofocus] element, else its first focusable one. */
export function focusInto(container: HTMLElement | null): void {
  if (!container) return;
  const body = container.querySelector<HTMLElement>('.dialog__body') ?? container;
  const target =
    container.querySelector<HTMLElement>('[data-autofocus]') ?? focusables(body)[0] ?? focusables(container)[0];
  target?.focus();
}

export function ModalDialog({
  title,
  onClose,
  busy = false,
  fallbackFocus,
  children,
  className,
}: {
  title: string;
  onClose: () => void;
  /** While true, Escape and the close button do nothing (a call is under way). */
  busy?: boolean;
  fallbackFocus?: () => HTMLElement | null;
  children: ReactNode;
  className?: string;
}) {
  const { t } = useLingui();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const busyRef = useRef(busy);
  const onCloseRef = useRef(onClose);
  const fallbackRef = useRef(fallbackFocus);
  useEffect(() => {
    busyRef.current = busy;
    onCloseRef.current = onClose;
    fallbackRef.current = fallbackFocus;
  });

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    focusInto(dialog);
    return () => {
      if (dialog.open) dialog.close();
      const target = opener?.isConnected ? opener : (fallbackRef.current?.() ?? null);
      target?.focus();
    };
  }, []);

  const requestClose = () => {
    if (!busyRef.current) onCloseRef.current();
  };

  const onKeyDown = (event: ReactKeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      requestClose();
      return;
    }
    keepTabInside(event, ref.current);
  };

  // The browser's own Escape handling: keep the dialog in React's hands.
  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    requestClose();
  };

  return (
    <dialog
      ref={ref}
      className={`dialog${className ? ` ${className}` : ''}`}
      aria-labelledby={titleId}
      aria-modal="true"
      onKeyDown={onKeyDown}
      onCancel={onCancel}
    >
      <div className="dialog__panel">
        <header className="dialog__head">
          <h2 className="dialog__title" id={titleId}>
            {title}
          </h2>
          <button
            type="button"
            className="icon-button dialog__close"
            onClick={requestClose}
            aria-label={t`Close dialog`}
            aria-disabled={busy || undefined}
          >
            <CloseIcon size={20} />
          </button>
        </header>
        <div className="dialog__body">{children}</div>
      </div>
    </dialog>
  );
}
