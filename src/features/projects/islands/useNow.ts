import { useEffect, useState } from 'react';

/**
 * The current time, renewed every minute: countdowns read "in 3 hours" and turn 'Late' on their own.
 * Only used by parts rendered after the data loads, never in the server's HTML.
 */
export function useNow(everyMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
