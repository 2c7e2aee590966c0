import { useId, useRef, type ReactNode } from 'react';
import { trapTab } from '../../../islands/shared/focus-trap';
import { useModalDialog } from '../../../islands/shared/useModalDialog';

interface Props {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  busy: boolean;
  /** A step that ends something is red, not the usual navy. */
  danger?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * Asks before a step that cannot be undone. A native modal `<dialog>` (Escape closes it, the page
 * behind is inert); Tab stays inside; focus starts on the safe choice and returns to the button that
 * opened it.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel,
  busy,
  danger = false,
  onConfirm,
  onClose,
}: Props) {
  const cancel = useRef<HTMLButtonElement>(null);
  const { dialogProps, close } = useModalDialog(onClose, cancel);
  const id = useId();

  return (
    <dialog
      {...dialogProps}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      onKeyDown={trapTab}
      className="fixed inset-0 m-auto h-fit w-[min(30rem,calc(100%-2rem))] rounded-2xl bg-white p-6 text-slate-800 shadow-xl backdrop:bg-navy-900/60"
    >
      <h2 id={`${id}-title`} className="font-serif text-2xl font-bold text-navy-900">
        {title}
      </h2>
      <div id={`${id}-body`} className="mt-3 space-y-2 text-slate-700">
        {children}
      </div>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button ref={cancel} type="button" className="btn-outline" onClick={close}>
          {cancelLabel}
        </button>
        <button
          type="button"
          className={danger ? 'btn bg-red-700 text-white hover:bg-red-800' : 'btn-primary'}
          disabled={busy}
          onClick={onConfirm}
        >
          {busy ? 'Please wait...' : confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
