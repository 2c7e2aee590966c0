import { AvailabilityEditor } from './AvailabilityEditor';
import { UpcomingConsults } from './UpcomingConsults';

/** The free consult: who is booked, and when consults can be booked at all. */
export function ConsultsTab() {
  return (
    <div className="space-y-10">
      <UpcomingConsults />
      <section aria-labelledby="availability-heading" className="space-y-4">
        <h2 id="availability-heading" className="font-serif text-2xl font-bold text-navy-900">
          Availability
        </h2>
        <AvailabilityEditor />
      </section>
    </div>
  );
}
