import { createServer, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { getJson } from './http.js';

// A source that keeps connections alive and closes one while a request arrives on it: what the
// driver meets when it sends on a pooled socket the source has just closed (docs/decisions/0483).
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

async function dropsAfterFirst(options: { every: boolean }) {
  let requests = 0;
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('data', () => {
      requests++;
      if (requests === 2 || (options.every && requests > 1)) {
        socket.destroy();
        return;
      }
      const body = JSON.stringify({ n: requests });
      socket.write(
        `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: keep-alive\r\nkeep-alive: timeout=60\r\n\r\n${body}`,
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  );
  const address = server.address();
  return { url: new URL(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/x`), requests: () => requests };
}

describe('getJson', () => {
  it('when the source closes the connection a request was sent on, the request is sent once more', async () => {
    const source = await dropsAfterFirst({ every: false });
    expect(await getJson(source.url, {}, {})).toEqual({ n: 1 });
    expect(await getJson(source.url, {}, {})).toEqual({ n: 3 });
  });

  it('when every new connection is dropped too, it fails with roster_unreachable after one more try', async () => {
    const source = await dropsAfterFirst({ every: true });
    await getJson(source.url, {}, {});
    await expect(getJson(source.url, {}, {})).rejects.toMatchObject({ code: 'roster_unreachable' });
    expect(source.requests()).toBe(3);
  });
});
