import { describe, expect, it } from 'vitest';
import { setupTestApp } from './test/test-app.ts';

const testApp = setupTestApp();

describe('closing the app (what Ctrl-C does)', () => {
  it('lets a request in flight finish before the server stops', async () => {
    const { app } = testApp;
    let markArrived = () => {};
    const arrived = new Promise<void>((resolve) => {
      markArrived = resolve;
    });
    app.get('/api/test/slow', async () => {
      markArrived();
      await new Promise((resolve) => setTimeout(resolve, 400));
      return { finished: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;

    const inFlight = fetch(`http://127.0.0.1:${port}/api/test/slow`);
    // Close once the server is working on the request: a fixed wait lost that race on a busy machine.
    await arrived;
    const closing = app.close();

    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ finished: true });
    // Closing must not wait for the keep-alive timeout of the connection that was busy.
    const closedWithin = await Promise.race([
      closing.then(() => 'closed'),
      new Promise((resolve) => setTimeout(() => resolve('still open after 3 s'), 3000)),
    ]);
    expect(closedWithin).toBe('closed');
    expect(app.server.listening).toBe(false);
  });
});
