import { useState } from 'react';
import { AvailabilityEditor } from './AvailabilityEditor';
import { UpcomingConsults } from './UpcomingConsults';

/** The free consult: who is booked, and when consults can be booked at all. */
export function ConsultsTab() {
  // A saved availability may have cancelled consults (days off) or changed their meeting link.
  const [reloadKey, setReloadKey] = useState(0);
  return (
    <div className="space-y-10">
      <UpcomingConsults reloadKey={reloadKey} />
      <section aria-labelledby="availability-heading" className="space-y-4">
        <h2 id="availability-heading" className="font-serif text-2xl font-bold text-navy-900">
          Availability
        </h2>
        <AvailabilityEditor onSaved={() => setReloadKey((k) => k + 1)} />
      </section>
    </div>
  );
}
