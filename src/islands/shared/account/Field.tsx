import type { InputHTMLAttributes } from 'react';

/** A labelled input; the label is the accessible name. */
export function Field({ label, id, ...input }: { label: string; id: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <input id={id} className="input" {...input} />
    </div>
  );
}
