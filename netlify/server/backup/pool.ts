/**
 * Runs `work` over `items`, a few at a time, starting each only while `goOn()` allows. A failure
 * stops the start of new items and is thrown once the items in flight have ended, so no work goes on
 * unseen after the caller has moved on. Answers whether every item was done.
 */
export async function forEachWhile<T>(
  items: readonly T[],
  { concurrency, goOn }: { concurrency: number; goOn: () => boolean },
  work: (item: T) => Promise<void>,
): Promise<boolean> {
  let next = 0;
  const failures: unknown[] = [];
  const worker = async () => {
    while (next < items.length && failures.length === 0 && goOn()) {
      const item = items[next++];
      try {
        await work(item);
      } catch (error) {
        failures.push(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  if (failures.length > 0) throw failures[0];
  return next === items.length;
}

/** For work with no time limit: every item is started. */
export const untilDone = () => true;
