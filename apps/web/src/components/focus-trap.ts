/**
 * Tab and Shift+Tab kept inside a container (a modal dialog, the consent dialog, the phone menu):
 * from its last focusable element Tab goes back to its first, Shift+Tab from the first to the last,
 * and focus that has left the container is brought back in.
 */
import type { KeyboardEvent as ReactKeyboardEvent } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

/** The Tab stops inside `container`, in order: a radio group counts once (its checked radio, or its first). */
export function focusables(container: HTMLElement): HTMLElement[] {
  const all = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const radios = all.filter(
    (element): element is HTMLInputElement => element instanceof HTMLInputElement && element.type === 'radio',
  );
  const stops = new Set<HTMLElement>();
  for (const name of new Set(radios.map((radio) => radio.name))) {
    const group = radios.filter((radio) => radio.name === name);
    const stop = group.find((radio) => radio.checked) ?? group[0];
    if (stop) stops.add(stop);
  }
  return all.filter((element) => !radios.includes(element as HTMLInputElement) || stops.has(element));
}

/** A keydown handler's part for Tab: keeps focus inside `container` (nothing to focus: Tab does nothing). */
export function keepTabInside(event: ReactKeyboardEvent<HTMLElement>, container: HTMLElement | null): void {
  if (event.key !== 'Tab' || !container) return;
  const items = focusables(container);
  const first = items[0];
  const last = items.at(-1);
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !container.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !container.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}
