import http from 'node:http';
import type { Socket } from 'node:net';

/**
 * An HTTP/1.1 client with one keep-alive connection, as a browser tab reuses its connection
 * to the site: each request goes on the connection the previous one left, or on a new one
 * when the server closed it.
 */
export type OneConnectionClient = {
  send(request: ClientRequestOptions): Promise<Exchange>;
  close(): void;
};

export type ClientRequestOptions = {
  method?: string;
  path: string;
  headers?: http.OutgoingHttpHeaders;
  body?: Buffer;
  /** Gives up waiting for the answer after this long (the answer then rejects). */
  timeoutMs?: number;
};

export type Exchange = {
  status: number;
  headers: http.IncomingHttpHeaders;
  json: unknown;
  /** Whether the request went on a connection an earlier request had used. */
  wasOnReusedConnection: boolean;
  /** Resolves when the connection it went on has closed. */
  connectionClosed: Promise<void>;
  elapsedMs: number;
};

export function createOneConnectionClient(baseUrl: string): OneConnectionClient {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  return {
    send: (request) => sendOn(agent, baseUrl, request),
    close: () => agent.destroy(),
  };
}

function sendOn(agent: http.Agent, baseUrl: string, options: ClientRequestOptions): Promise<Exchange> {
  const startedAt = performance.now();
  const timeoutMs = options.timeoutMs ?? 10_000;
  return new Promise((resolve, reject) => {
    let hasAnswer = false;
    const request = http.request(new URL(options.path, baseUrl), {
      agent,
      method: options.method ?? 'GET',
      headers: options.headers,
    });
    const timer = setTimeout(() => {
      request.destroy();
      reject(new Error(`no answer to ${options.method ?? 'GET'} ${options.path} within ${timeoutMs} ms`));
    }, timeoutMs);
    // After an early answer the server may end the connection while the body is still being
    // sent: a browser still shows the answer, and so does this client.
    request.on('error', (error) => {
      if (hasAnswer) return;
      clearTimeout(timer);
      reject(error);
    });
    request.on('response', (response) => {
      const socket = request.socket as Socket;
      const connectionClosed = socket.destroyed
        ? Promise.resolve()
        : new Promise<void>((done) => socket.once('close', () => done()));
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        hasAnswer = true;
        clearTimeout(timer);
        const text = Buffer.concat(chunks).toString();
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          json: text.startsWith('{') ? JSON.parse(text) : text,
          wasOnReusedConnection: request.reusedSocket,
          connectionClosed,
          elapsedMs: performance.now() - startedAt,
        });
      });
    });
    request.end(options.body);
  });
}

/** A multipart/form-data body with one file part, as a browser's FormData sends it. */
export function createMultipartBody(file: { field?: string; name: string; type: string; data: Buffer }): {
  body: Buffer;
  contentType: string;
} {
  const boundary = '----stagepass-test-boundary';
  const head =
    `--${boundary}\r\n` +
    `Content-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\n` +
    `Content-Type: ${file.type}\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(head), file.data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
