/** A real SMTP server on a free local port, recording what it receives, for mail tests. */
import { createServer, type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

interface ReceivedMail {
  from: string;
  to: string[];
  /** The message as sent, with quoted-printable soft breaks and escapes decoded. */
  message: string;
}

export async function startSmtpServer({ onConnect }: { onConnect?: () => Error | void } = {}) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      callback(onConnect?.() ?? null);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          message: decodeQuotedPrintable(Buffer.concat(chunks).toString('latin1')),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A local port where nothing listens: it was free a moment ago. */
export async function closedPort() {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

function decodeQuotedPrintable(raw: string) {
  const bytes = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

let accepting: Promise<string> | undefined;
/** The address of one SMTP server that takes every mail, started once per test file and left to the file's end. */
export const acceptingSmtpUrl = () => (accepting ??= startSmtpServer().then((server) => server.url));

/**
 * A mail the mail server refused on every attempt, kept in the outbox for an admin to send again:
 * its key. SMTP_URL is as it was before.
 */
export async function givenUpMail(): Promise<string> {
  const { MAIL_RETRY_DELAYS_MS, retryMail, sendMail } = await import('../../netlify/server/core/mail');
  const [smtpUrl, log] = [process.env.SMTP_URL, console.error];
  process.env.SMTP_URL = `smtp://127.0.0.1:${await closedPort()}`;
  console.error = () => {};
  try {
    const sent = await sendMail({ kind: 'order', to: 'pat@example.com', subject: 'Refused', text: 'Refused.' });
    if (sent.via !== 'outbox') throw new Error(`A refused mail went ${sent.via}`);
    await retryMail(sent.key, MAIL_RETRY_DELAYS_MS.length);
    return sent.key;
  } finally {
    console.error = log;
    if (smtpUrl === undefined) delete process.env.SMTP_URL;
    else process.env.SMTP_URL = smtpUrl;
  }
}
