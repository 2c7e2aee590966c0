import { useEffect, useRef } from 'react';
import { formatConsult } from '../../consult-format';
import type { BookedConsult } from '../../consult-rules';

/** What the visitor sees once booked; focus moves here, so a screen reader reads it at once. */
export function BookingConfirmation({ consult, timeZone }: { consult: BookedConsult; timeZone: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="rounded-xl border border-green-300 bg-green-50 p-5 sm:p-6">
      <h3 ref={heading} tabIndex={-1} className="font-serif text-xl font-bold text-green-900 focus:outline-none">
        Your consult is booked
      </h3>
      <p className="mt-2 text-lg font-semibold text-slate-900">{formatConsult(consult.start, consult.end, timeZone)}</p>
      <p className="mt-3 text-slate-800">
        We sent a confirmation with a calendar invite to{' '}
        <strong className="[overflow-wrap:anywhere]">{consult.email}</strong>. If you cannot make it, the cancel link in
        that e-mail frees the time for someone else.
      </p>
    </div>
  );
}
