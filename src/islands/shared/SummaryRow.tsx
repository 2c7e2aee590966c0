import type { ReactNode } from 'react';

/**
 * One line of an order's summary in a `<dl>`: a name (with a smaller detail under it) and its value
 * on the right. A `long` value (an e-mail address) wraps and leaves its name whole.
 */
export function SummaryRow({
  label,
  value,
  hint,
  long = false,
}: {
  label: string;
  value: ReactNode;
  hint?: string;
  long?: boolean;
}) {
  return (
    <div className="flex justify-between gap-4">
      <dt className={`text-slate-700 ${long ? 'shrink-0' : 'min-w-0'}`}>
        {label}
        {hint && <span className="block text-xs text-slate-600">{hint}</span>}
      </dt>
      <dd className={`text-right font-medium text-slate-900 ${long ? 'min-w-0' : 'shrink-0'}`}>{value}</dd>
    </div>
  );
}
