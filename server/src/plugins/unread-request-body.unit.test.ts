import net from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type DrainBounds, registerUnreadBodyDraining } from './unread-request-body.ts';

const KiB = 1024;
const BOUNDS: DrainBounds = { maxBytes: 256 * KiB, maxMs: 1_000 };

let app: FastifyInstance;
let port = 0;
const sockets: net.Socket[] = [];
/** The server's end of each connection, by the client's port. */
const serverSockets = new Map<number, net.Socket>();

beforeAll(async () => {
  app = Fastify();
  app.server.on('connection', (socket: net.Socket) => serverSockets.set(socket.remotePort ?? 0, socket));
  registerUnreadBodyDraining(app, BOUNDS);
  // The route reads the body itself, as the upload routes do through the multipart parser.
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));
  // Refuses after the first chunk and stops reading, as a refused file leaves the parser.
  app.post('/refuse', async (request, reply) => {
    await new Promise<void>((resolve) =>
      request.raw.once('data', () => {
        request.raw.pause();
        resolve();
      }),
    );
    return reply.status(415).send({ success: false, message: 'Not this kind of file.', code: 'REFUSED' });
  });
  // Refuses before reading anything, as a session or origin check does.
  app.post('/refuse-unread', {
    onRequest: async (_request, reply) =>
      reply.status(415).send({ success: false, message: 'Not from here.', code: 'REFUSED' }),
    handler: async () => ({ ok: true }),
  });
  app.get('/next', async () => ({ ok: true }));
  // Answers within Node's request event, before Node marks a request without a body complete.
  app.get('/next-at-once', (_request, reply) => {
    reply.send({ ok: true });
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as net.AddressInfo).port;
});

afterEach(() => {
  for (const socket of sockets.splice(0)) socket.destroy();
});
afterAll(() => app.close());

type Connection = {
  socket: net.Socket;
  /** Resolves with the next complete answer (one with a Content-Length) on the connection. */
  readAnswer(): Promise<{ status: number; headers: string; body: string }>;
  /** The server's end: whether it is closed, and how much it read. */
  serverSide(): net.Socket;
};

async function connect(): Promise<Connection> {
  // Half-open, as a browser still sending a body is: the server's FIN does not end its side.
  const socket = net.connect({ port, host: '127.0.0.1', allowHalfOpen: true });
  sockets.push(socket);
  await new Promise((resolve) => socket.once('connect', resolve));
  let received = '';
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString('latin1');
  });
  // A reset after a cut is expected.
  socket.on('error', () => {});
  return {
    socket,
    readAnswer: () =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no complete answer in: ${received}`)), 3_000);
        const check = () => {
          const headEnd = received.indexOf('\r\n\r\n');
          if (headEnd < 0) return;
          const headers = received.slice(0, headEnd);
          const length = Number(/content-length: (\d+)/i.exec(headers)?.[1] ?? 0);
          if (received.length < headEnd + 4 + length) return;
          socket.off('data', check);
          clearTimeout(timer);
          const body = received.slice(headEnd + 4, headEnd + 4 + length);
          received = received.slice(headEnd + 4 + length);
          resolve({ status: Number(headers.split(' ')[1]), headers, body });
        };
        socket.on('data', check);
        check();
      }),
    serverSide: () => {
      const serverSocket = serverSockets.get(socket.localPort ?? 0);
      if (!serverSocket) throw new Error('the server has not seen this connection');
      return serverSocket;
    },
  };
}

function postHead(headers: string, path = '/refuse'): string {
  return `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/octet-stream\r\n${headers}\r\n`;
}

describe('a body left unread by its answer', () => {
  it('is not looked for in a request without one, even one answered at once', async () => {
    const connection = await connect();
    connection.socket.write('GET /next-at-once HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    expect((await connection.readAnswer()).headers).toMatch(/connection: keep-alive/i);
    connection.socket.write('GET /next-at-once HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    expect((await connection.readAnswer()).body).toBe('{"ok":true}');
  });

  it('is read to its end when its length is within the bounds, and the connection serves the next request', async () => {
    const connection = await connect();
    const bodyBytes = 128 * KiB;
    connection.socket.write(postHead(`Content-Length: ${bodyBytes}\r\n`));
    connection.socket.write(Buffer.alloc(bodyBytes, 'a'));
    const refusal = await connection.readAnswer();
    expect(refusal.status).toBe(415);
    expect(refusal.headers).toMatch(/connection: keep-alive/i);

    connection.socket.write('GET /next HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    expect((await connection.readAnswer()).body).toBe('{"ok":true}');
  });

  it('has its connection cut when the rest does not come within the time bound', async () => {
    const connection = await connect();
    connection.socket.write(postHead(`Content-Length: ${128 * KiB}\r\n`));
    connection.socket.write(Buffer.alloc(16 * KiB, 'a'));
    expect((await connection.readAnswer()).status).toBe(415);
    const answeredAt = performance.now();

    await expect.poll(() => connection.serverSide().destroyed, { timeout: BOUNDS.maxMs + 3_000 }).toBe(true);
    expect(performance.now() - answeredAt).toBeGreaterThan(BOUNDS.maxMs * 0.8);
  });

  it.each([
    ['partly read', '/refuse'],
    ['not read at all', '/refuse-unread'],
  ])(
    '%s is answered with Connection: close when declared longer than the bounds, and cut past them',
    async (_name, path) => {
      const connection = await connect();
      connection.socket.write(postHead(`Content-Length: ${100 * BOUNDS.maxBytes}\r\n`, path));
      connection.socket.write(Buffer.alloc(4 * KiB, 'a'));
      const refusal = await connection.readAnswer();
      expect(refusal.status).toBe(415);
      expect(refusal.headers).toMatch(/connection: close/i);

      // The client goes on sending well past the byte bound, faster than any time bound.
      for (let sent = 0; sent < 4 * BOUNDS.maxBytes && !connection.socket.destroyed; sent += 64 * KiB) {
        connection.socket.write(Buffer.alloc(64 * KiB, 'a'));
      }
      // Cut before the time bound, having read little more than the byte bound.
      await expect.poll(() => connection.serverSide().destroyed, { timeout: BOUNDS.maxMs / 2 }).toBe(true);
      expect(connection.serverSide().bytesRead).toBeLessThan(2 * BOUNDS.maxBytes);
    },
  );

  it('of unknown length is answered with Connection: close, and read to its end before the connection is closed', async () => {
    const connection = await connect();
    connection.socket.write(postHead('Transfer-Encoding: chunked\r\n'));
    const chunk = (bytes: number) => `${bytes.toString(16)}\r\n${'a'.repeat(bytes)}\r\n`;
    connection.socket.write(chunk(4 * KiB));
    const refusal = await connection.readAnswer();
    expect(refusal.status).toBe(415);
    expect(refusal.headers).toMatch(/connection: close/i);

    // A browser reads the answer only once its body is sent: had the server closed at the
    // answer, the rest would come to a closed socket, which answers with a reset.
    await new Promise((resolve) => setTimeout(resolve, 100));
    connection.socket.write(`${chunk(32 * KiB)}0\r\n\r\n`);
    await expect.poll(() => connection.serverSide().destroyed, { timeout: BOUNDS.maxMs / 2 }).toBe(true);
    expect(connection.serverSide().bytesRead).toBe(connection.socket.bytesWritten);
  });
});
