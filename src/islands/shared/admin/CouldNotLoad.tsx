/** '<What> could not be loaded: <why>', with a button that loads it again. */
export function CouldNotLoad({ what, error, onRetry }: { what: string; error: string; onRetry: () => void }) {
  return (
    <div className="flex flex-wrap items-center gap-3" role="alert">
      <p className="text-slate-800">
        {what} could not be loaded: {error}
      </p>
      <button type="button" className="btn-outline min-h-10 px-4 py-1.5 text-sm" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
