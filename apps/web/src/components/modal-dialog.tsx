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

import { CloseIcon } from './icons.tsx';
import './modal-dialog.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusables(container: HTMLElement): HTMLElement[] {
  const all = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const radios = all.filter(
    (element): element is HTMLInputElement => element instanceof HTMLInputElement && element.type === 'radio',
  );
  // A radio group is one Tab stop: its checked radio, or its first one.
  const stops = new Set<HTMLElement>();
  for (const name of new Set(radios.map((radio) => radio.name))) {
    const group = radios.filter((radio) => radio.name === name);
    const stop = group.find((radio) => radio.checked) ?? group[0];
    if (stop) stops.add(stop);
  }
  return all.filter((element) => !radios.includes(element as HTMLInputElement) || stops.has(element));
}

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
    if (event.key !== 'Tab' || !ref.current) return;
    const items = focusables(ref.current);
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || !ref.current.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !ref.current.contains(active))) {
      event.preventDefault();
      first.focus();
    }
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
            aria-label="Close dialog"
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
