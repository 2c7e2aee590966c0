import type { FormEvent, ReactNode } from 'react';

/**
 * One of the Team tab's forms: a card with its title, its fields, what went wrong (`<id>-problem`, for
 * a field's aria-describedby) and its one button, which stays focusable while the form is sent.
 */
export function CardForm({
  id,
  title,
  problem,
  busy,
  submitLabel,
  onSubmit,
  children,
}: {
  id: string;
  title: string;
  problem: string;
  busy: boolean;
  submitLabel: string;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  return (
    <form
      method="post"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={`${id}-title`}
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h3 id={`${id}-title`} className="font-serif text-lg font-bold text-navy-900">
        {title}
      </h3>
      {children}
      <p id={`${id}-problem`} role="alert" className="text-sm font-medium text-red-800 empty:hidden">
        {problem}
      </p>
      <button
        type="submit"
        className="btn-primary min-h-11 px-4 py-1.5 text-sm aria-disabled:opacity-60"
        aria-disabled={busy}
      >
        {submitLabel}
      </button>
    </form>
  );
}
