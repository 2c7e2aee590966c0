import { createServer } from 'node:net';

/** A TCP port nobody listens on right now, so tests can run beside `npm start`. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
