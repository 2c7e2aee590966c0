import { useStore } from '@nanostores/react';
import { $toasts, dismissToast, type Toast } from './toasts';
import { CloseIcon } from './icons';

const STYLES = {
  success: 'border-green-300 bg-green-50 text-green-900',
  error: 'border-red-300 bg-red-50 text-red-900',
};

function ToastView({ toast }: { toast: Toast }) {
  return (
    <div
      className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border px-4 py-3 shadow-lg ${STYLES[toast.kind]}`}
    >
      <p className="flex-1 text-sm font-semibold">{toast.text}</p>
      <button
        type="button"
        onClick={() => dismissToast(toast.id)}
        aria-label="Dismiss notification"
        className="-m-2 grid size-9 shrink-0 place-items-center rounded-md hover:bg-black/5"
      >
        <CloseIcon />
      </button>
    </div>
  );
}

/**
 * The toasts, in two live regions that exist before any message does (so screen readers announce
 * what is added): confirmations politely, failures at once.
 */
export function Toaster() {
  const toasts = useStore($toasts);
  return (
    <section
      aria-label="Notifications"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-2 p-4 sm:items-end"
    >
      <div role="status" className="flex w-full flex-col items-center gap-2 sm:items-end">
        {toasts
          .filter((t) => t.kind === 'success')
          .map((t) => (
            <ToastView key={t.id} toast={t} />
          ))}
      </div>
      <div role="alert" className="flex w-full flex-col items-center gap-2 sm:items-end">
        {toasts
          .filter((t) => t.kind === 'error')
          .map((t) => (
            <ToastView key={t.id} toast={t} />
          ))}
      </div>
    </section>
  );
}
