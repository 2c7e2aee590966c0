import type { KeyboardEvent } from 'react';

/** Keeps Tab and Shift+Tab cycling inside a modal dialog (native `<dialog>` lets focus reach the browser's UI). */
export function trapTab(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== 'Tab') return;
  const focusable = [
    ...event.currentTarget.querySelectorAll<HTMLElement>('input, textarea, select, button, a[href]'),
  ].filter((el) => !(el as HTMLButtonElement).disabled);
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
