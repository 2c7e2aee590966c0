/** 'We could not load <what>. Try again': a failed read says so, and offers to read again. */
export function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <p role="alert" className="text-red-800">
      We could not load {what}.{' '}
      <button type="button" onClick={onRetry} className="min-h-11 font-semibold underline">
        Try again
      </button>
    </p>
  );
}
