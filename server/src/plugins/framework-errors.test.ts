import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../test/test-app.ts';

// What Fastify and Node's HTTP parser refuse before a route runs, sent over a real socket
// (some of it, such as headers that are too large, never reaches `inject`): every /api/
// answer must still be `{ success: false, message, code }`, never `{ error, statusCode }`.

// The log is read too: a client's malformed request is the client's mistake, written as one
// quiet line, never an error with a stack.
const logLines: string[] = [];
const testApp = setupTestApp({
  env: { LOG_LEVEL: 'info' },
  logStream: { write: (line) => void logLines.push(line) },
});
let port = 0;
beforeAll(async () => {
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  port = (testApp.app.server.address() as net.AddressInfo).port;
});
afterAll(() => testApp.app.close());

type RawAnswer = { status: number; headers: Record<string, string>; body: unknown };

/** Writes `request` as it is on a new connection and reads the first answer on it. */
function sendRaw(request: string | Buffer): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error('no answer within 10 s'));
    }, 10_000);
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      const text = Buffer.concat(chunks).toString();
      const headEnd = text.indexOf('\r\n\r\n');
      if (headEnd === -1) return reject(new Error(`no answer: ${JSON.stringify(text)}`));
      const [statusLine = '', ...headerLines] = text.slice(0, headEnd).split('\r\n');
      const headers = Object.fromEntries(
        headerLines.map((line) => {
          const colon = line.indexOf(':');
          return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
        }),
      );
      const length = Number(headers['content-length']);
      const rawBody = text.slice(headEnd + 4, headEnd + 4 + length);
      resolve({
        status: Number(statusLine.split(' ')[1]),
        headers,
        body: headers['content-type']?.includes('json') ? JSON.parse(rawBody) : rawBody,
      });
    };
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      // One answer is enough: stop at the end of its body.
      const text = Buffer.concat(chunks).toString();
      const headEnd = text.indexOf('\r\n\r\n');
      const length = /content-length:\s*(\d+)/i.exec(text.slice(0, headEnd))?.[1];
      if (headEnd !== -1 && length !== undefined && text.length >= headEnd + 4 + Number(length)) finish();
    });
    socket.on('end', finish);
    socket.on('error', (error) => (chunks.length > 0 ? finish() : reject(error)));
    socket.write(request);
  });
}

const get = (path: string, extraHeaders = '') =>
  sendRaw(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n${extraHeaders}\r\n`);

function post(path: string, contentType: string | undefined, body: string) {
  const typeHeader = contentType === undefined ? '' : `Content-Type: ${contentType}\r\n`;
  return sendRaw(
    `POST ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n${typeHeader}` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

function expectApiShape(answer: RawAnswer, status: number, code: string) {
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  expect({ status: answer.status, body: answer.body }).toEqual({
    status,
    body: { success: false, code, message: expect.any(String) },
  });
}

describe('refusals before a route runs, over a socket', () => {
  it('answers headers too large for Node (431) in the API shape, with words', async () => {
    const answer = await get('/api/health', `Cookie: token=${'a'.repeat(20_000)}\r\n`);
    expectApiShape(answer, 431, 'HEADERS_TOO_LARGE');
    expect((answer.body as { message: string }).message).toBe(
      'The headers of this request (its cookies and address included) are too large.',
    );
  });

  it('answers an address longer than the headers allow (431) the same way', async () => {
    expectApiShape(await get(`/api/users/${'a'.repeat(20_000)}`), 431, 'HEADERS_TOO_LARGE');
  });

  it('answers a request that is not HTTP (400) in the API shape', async () => {
    expectApiShape(await sendRaw('HELLO THERE\r\n\r\n'), 400, 'MALFORMED_REQUEST');
    expectApiShape(await sendRaw('GET /api/health HTTP/1.1\r\nBad Header\r\n\r\n'), 400, 'MALFORMED_REQUEST');
  });

  it('answers a malformed escape in the address (400) in words', async () => {
    const answer = await get('/api/users/%zz');
    expectApiShape(answer, 400, 'FST_ERR_BAD_URL');
    expect((answer.body as { message: string }).message).toMatch(/^The address is not valid/);
  });

  it('answers a path parameter over the router’s limit with 414, whatever the method', async () => {
    const long = 'a'.repeat(150);
    for (const answer of [
      await get(`/api/users/${long}`),
      await post(`/api/users/${long}/follow`, undefined, ''),
    ]) {
      expectApiShape(answer, 414, 'FST_ERR_MAX_PARAM_LENGTH');
      expect((answer.body as { message: string }).message).toBe(
        'Part of this address is longer than the 100 characters allowed.',
      );
    }
  });

  it('answers a missing route and a method a path does not have (404) in the API shape', async () => {
    expectApiShape(await get('/api/no-such-thing'), 404, 'NOT_FOUND');
    expectApiShape(
      await sendRaw('DELETE /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'),
      404,
      'NOT_FOUND',
    );
  });

  it('answers a body it cannot read in the API shape, in words', async () => {
    const cases: [RawAnswer, number, string, string][] = [
      [
        await post('/api/auth/signin', 'text/csv', 'a,b'),
        415,
        'FST_ERR_CTP_INVALID_MEDIA_TYPE',
        'A request body of type text/csv is not accepted here.',
      ],
      [
        await post('/api/auth/signin', 'application/json', '{"identifier": '),
        400,
        'FST_ERR_CTP_INVALID_JSON_BODY',
        'The request body is not valid JSON.',
      ],
      [
        await post('/api/auth/signin', 'application/json', ''),
        400,
        'FST_ERR_CTP_EMPTY_JSON_BODY',
        'The request body is empty, but its Content-Type says JSON.',
      ],
      [
        await post('/api/auth/signin', 'application/json', `{"identifier":"${'x'.repeat(1_100_000)}"}`),
        413,
        'FST_ERR_CTP_BODY_TOO_LARGE',
        'The request body is larger than the 1 MB allowed here.',
      ],
    ];
    for (const [answer, status, code, message] of cases) {
      expectApiShape(answer, status, code);
      expect((answer.body as { message: string }).message).toBe(message);
    }
  });
});

type Framing = { name: string; parts: string[]; endAfter?: boolean };

/**
 * Writes `parts` on a new connection, a moment apart (so a later part reaches a request
 * already being handled), half-closes it when `endAfter`, and reads until the server closes
 * it: the answer, or null when it closed without one.
 */
function sendInParts({ parts, endAfter }: Framing): Promise<RawAnswer | null> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error('the connection stayed open for 10 s'));
    }, 10_000);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => {}); // a reset is one way of closing
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString();
      const headEnd = text.indexOf('\r\n\r\n');
      if (headEnd === -1) return resolve(null);
      const [statusLine = '', ...headerLines] = text.slice(0, headEnd).split('\r\n');
      const headers = Object.fromEntries(
        headerLines.map((line) => {
          const colon = line.indexOf(':');
          return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
        }),
      );
      const body = text.slice(headEnd + 4, headEnd + 4 + Number(headers['content-length']));
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body) });
    });
    void (async () => {
      for (const [index, part] of parts.entries()) {
        if (index > 0) await new Promise((wait) => setTimeout(wait, 150));
        if (socket.destroyed) return;
        socket.write(part);
      }
      if (endAfter && !socket.destroyed) socket.end();
    })();
  });
}

const signInHead = (framingHeaders: string) =>
  `POST /api/auth/signin HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n${framingHeaders}\r\n`;
const chunked = 'Transfer-Encoding: chunked\r\n';
const body = '{"identifier":"nobody","password":"x"}';

const MALFORMED_FRAMINGS: Framing[] = [
  {
    name: 'a chunk size that is not hexadecimal',
    parts: [`${signInHead(chunked)}zz\r\n${body}\r\n0\r\n\r\n`],
  },
  {
    name: 'a chunk extension with a control character',
    parts: [`${signInHead(chunked)}2;\x01x\r\n{}\r\n0\r\n\r\n`],
  },
  { name: 'a bad chunk size after a good chunk', parts: [`${signInHead(chunked)}1\r\n{\r\n`, 'zz\r\n'] },
  { name: 'a chunk without its closing CRLF', parts: [`${signInHead(chunked)}2\r\n{}XX0\r\n\r\n`] },
  { name: 'a chunked body cut short', parts: [`${signInHead(chunked)}40\r\n{"identifier"`], endAfter: true },
  {
    name: 'a chunked body without its last chunk',
    parts: [`${signInHead(chunked)}2\r\n{}\r\n`],
    endAfter: true,
  },
  {
    name: 'a body shorter than its Content-Length',
    parts: [`${signInHead('Content-Length: 200\r\n')}${body}`],
    endAfter: true,
  },
  {
    name: 'a body longer than its Content-Length',
    parts: [`${signInHead('Content-Length: 2\r\n')}{}GARBAGE\r\n\r\n`],
  },
  {
    name: 'both Content-Length and Transfer-Encoding',
    parts: [`${signInHead(`Content-Length: 5\r\n${chunked}`)}2\r\n{}\r\n0\r\n\r\n`],
  },
  {
    name: 'a Transfer-Encoding that is not chunked',
    parts: [`${signInHead('Transfer-Encoding: gzip\r\n')}{}`],
  },
  { name: 'a Content-Length that is not a number', parts: [`${signInHead('Content-Length: abc\r\n')}{}`] },
  {
    name: 'two different Content-Lengths',
    parts: [`${signInHead('Content-Length: 2\r\nContent-Length: 3\r\n')}{}`],
  },
  {
    name: 'a bad chunk size in an upload',
    parts: [
      'POST /api/media/upload HTTP/1.1\r\nHost: localhost\r\nContent-Type: multipart/form-data; boundary=x\r\n' +
        `${chunked}\r\nzz\r\n`,
    ],
  },
];

describe('malformed framing of a request body, over a socket', () => {
  it.each(MALFORMED_FRAMINGS)(
    'answers $name with a 4xx in the API shape or a closed connection, and logs no error',
    async (framing) => {
      logLines.length = 0;
      const answer = await sendInParts(framing);
      if (answer) {
        expect(answer.status).toBeGreaterThanOrEqual(400);
        expect(answer.status).toBeLessThan(500);
        expectApiShape(answer, answer.status, (answer.body as { code: string }).code);
      }
      // Whatever the server did after the connection closed is logged by now.
      await new Promise((wait) => setTimeout(wait, 300));
      const entries = logLines.map(
        (line) => JSON.parse(line) as { level: number; msg: string; err?: { stack?: string } },
      );
      expect(entries.filter((entry) => entry.level >= 40 || entry.err)).toEqual([]);
      // The server goes on answering.
      expect((await get('/api/health')).status).toBe(200);
    },
  );

  it('writes one quiet line for what Node refuses, naming its reason', async () => {
    logLines.length = 0;
    const answer = await sendInParts(MALFORMED_FRAMINGS[0]!);
    expectApiShape(answer!, 400, 'MALFORMED_REQUEST');
    await new Promise((wait) => setTimeout(wait, 300));
    const refused = logLines
      .map((line) => JSON.parse(line))
      .filter((entry) => entry.msg === 'malformed request refused');
    expect(refused).toEqual([
      expect.objectContaining({ level: 30, code: 'HPE_INVALID_CHUNK_SIZE', status: 400 }),
    ]);
  });
});
