/**
 * Ports for the servers that tests and benches start, so they run beside `npm start` and each other.
 * They come from below the range Linux hands out to listen(0) and to outgoing connections (32768 and
 * up): between being picked here and being bound by the server, no socket elsewhere can take one by
 * chance. Each picker of a run walks a range of its own (PORT_RANGE_START, set by scripts/test.mjs),
 * so two pickers never hand out the same port; without it, a random start keeps apart runs that are
 * not coordinated.
 */
import { createServer } from 'node:net';

const LOWEST = 20_000;
const HIGHEST = 32_000;

/** Where an uncoordinated picker starts: anywhere with room for a run's ranges after it. */
export const randomPortStart = () => LOWEST + Math.floor(Math.random() * (HIGHEST - LOWEST - 1000));

/** Whether nothing listens on `port`, on any address. */
const isFree = (port) =>
  new Promise((resolve) => {
    const server = createServer().once('error', () => resolve(false));
    server.listen(port, () => server.close(() => resolve(true)));
  });

/**
 * A picker that answers, each time, the next port from `start` on that nobody listens on.
 * @param {number} start
 * @returns {() => Promise<number>}
 */
export function portPicker(start) {
  let next = start;
  return async () => {
    for (;;) {
      const port = next;
      next = next >= HIGHEST ? LOWEST : next + 1;
      if (await isFree(port)) return port;
    }
  };
}

/** This process's picker. */
export const freePort = portPicker(Number(process.env.PORT_RANGE_START) || randomPortStart());
