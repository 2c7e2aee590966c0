import { useEffect, useEffectEvent, useRef, type RefObject, type SyntheticEvent } from 'react';

/**
 * A native modal `<dialog>` that its parent opens by mounting it and closes by unmounting it: shown on
 * mount (the page behind turns inert), focus on `firstFocus` if given, and back on the opener when it
 * goes. Escape and our own Cancel buttons end it at once, in the same event: the native `close` event
 * comes a task later, so a family that pressed Escape and then Enter on the opener at once saw the
 * dialog reopen and then vanish. A close we did not start (the browser's own) still ends it.
 * Spread `dialogProps` on the `<dialog>`; call `close` from a Cancel button.
 */
export function useModalDialog(onClose: () => void, firstFocus?: RefObject<HTMLElement | null>) {
  const dialog = useRef<HTMLDialogElement>(null);
  // Read when shown, not watched: a new `firstFocus` later does not show the dialog again.
  const focusFirst = useEffectEvent(() => firstFocus?.current?.focus());

  // Shown once, when mounted.
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    dialog.current?.showModal();
    focusFirst();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const dialogProps = {
    ref: dialog,
    onCancel: (event: SyntheticEvent<HTMLDialogElement>) => {
      event.preventDefault();
      onClose();
    },
    onClose,
  };
  return { dialogProps, close: onClose };
}
