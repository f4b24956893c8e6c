import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Faults a test can switch on in a fake SIS, between or during reads. */
export interface FakeFaults {
  /** Every API request (not the token or systeminfo) answers 500 while set. */
  status500: boolean;
  /** Each response waits this long before answering (the driver's timeout test). */
  delayMs: number;
  /** Paging never ends: every page is full and points onwards to the same records. */
  endlessPaging: boolean;
  /** The first student record of a list loses its required fields. */
  malformedRecord: boolean;
}

export function noFaults(): FakeFaults {
  return { status500: false, delayMs: 0, endlessPaging: false, malformedRecord: false };
}

/** `body` is sent as JSON; `html`, when given, as a page instead. */
export type Handler = (req: IncomingMessage, url: URL) => Promise<{ status: number; body?: unknown; html?: string; headers?: Record<string, string> }>;

export interface RunningFake {
  baseUrl: string;
  /** Requests answered so far, by method and path (with query). */
  requests: string[];
  close(): Promise<void>;
}

/** A node:http server on a free loopback port answering JSON through `handler`. */
export async function serveJson(handler: Handler, faults: () => FakeFaults): Promise<RunningFake> {
  const requests: string[] = [];
  const sockets = new Set<import('node:net').Socket>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push(`${req.method} ${url.pathname}${url.search}`);
    const answer = async () => {
      const delay = faults().delayMs;
      if (delay > 0) await new Promise((r) => setTimeout(r, delay));
      const out = await handler(req, url);
      if (res.destroyed) return;
      res.writeHead(out.status, { 'content-type': out.html === undefined ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8', ...out.headers });
      res.end(out.html ?? (out.body === undefined ? '' : JSON.stringify(out.body)));
    };
    answer().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: String(error) }));
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
