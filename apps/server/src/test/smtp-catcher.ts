import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message the catcher received, decoded. */
export interface CaughtMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
}

export interface SmtpCatcher {
  /** `smtp://127.0.0.1:<port>`: give it to the server as SMTP_URL. */
  url: string;
  port: number;
  messages: CaughtMail[];
  /** Resolves with the next message to `address` (or one already received and not yet taken). */
  next(address: string, timeoutMs?: number): Promise<CaughtMail>;
  /** Messages received for `address` so far. */
  to(address: string): CaughtMail[];
  close(): Promise<void>;
}

function decodeWords(value: string) {
  return value.replace(/\?=\s+=\?/g, '?==?').replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset: string, encoding: string, text: string) =>
    encoding.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_x, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

function decodeBody(body: string, encoding: string) {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_x, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** Parses the single-part text messages the server sends (nodemailer, text only). */
export function parseMessage(raw: string): { subject: string; from: string; text: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split >= 0 ? raw.slice(0, split) : raw;
  const body = split >= 0 ? raw.slice(split).replace(/^\r?\n\r?\n/, '') : '';
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  return {
    subject: decodeWords(headers.get('subject') ?? ''),
    from: decodeWords(headers.get('from') ?? ''),
    text: decodeBody(body, encoding).replace(/\r\n/g, '\n').replace(/\n$/, ''),
  };
}

/**
 * A real SMTP server on a free port of 127.0.0.1 that keeps what it receives (`answerDelayMs`
 * makes it acknowledge some messages late, like a slow server). It offers no
 * STARTTLS and no AUTH, so nodemailer sends a plain `smtp://` URL as is.
 */
export async function startSmtpCatcher(options: { answerDelayMs?: (to: string[]) => number } = {}): Promise<SmtpCatcher> {
  const messages: CaughtMail[] = [];
  const taken = new Set<CaughtMail>();
  const waiters: { address: string; resolve: (m: CaughtMail) => void }[] = [];

  const deliver = (mail: CaughtMail) => {
    messages.push(mail);
    const i = waiters.findIndex((w) => mail.to.includes(w.address));
    if (i >= 0) {
      taken.add(mail);
      waiters.splice(i, 1)[0]!.resolve(mail);
    }
  };

  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const parsed = parseMessage(Buffer.concat(chunks).toString('utf8'));
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        deliver({ ...parsed, to });
        // A slow mail server: the message is received now, but the sender hears so only later.
        const delay = options.answerDelayMs?.(to) ?? 0;
        if (delay > 0) setTimeout(() => callback(), delay);
        else callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server as unknown as { server: { address(): AddressInfo } }).server.address().port;

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    to: (address) => messages.filter((m) => m.to.includes(address.trim().toLowerCase())),
    next(address, timeoutMs = 5000) {
      const wanted = address.trim().toLowerCase();
      const waiting = messages.find((m) => !taken.has(m) && m.to.includes(wanted));
      if (waiting) {
        taken.add(waiting);
        return Promise.resolve(waiting);
      }
      return new Promise<CaughtMail>((resolve, reject) => {
        const timer = setTimeout(() => {
          const i = waiters.findIndex((w) => w.resolve === done);
          if (i >= 0) waiters.splice(i, 1);
          reject(new Error(`no mail to ${address} within ${timeoutMs} ms`));
        }, timeoutMs);
        const done = (m: CaughtMail) => {
          clearTimeout(timer);
          resolve(m);
        };
        waiters.push({ address: wanted, resolve: done });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
