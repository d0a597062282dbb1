import { describe, expect, it } from 'vitest';
import { PRODUCTION_TEST_ENV, setupTestApp } from '../test/test-app.ts';

// The headers are worked out once at start (security-headers.ts): every kind of answer must
// still carry all of them, written by a route, by the error handler or for a refused file.
const ANSWERS = [
  '/api/health',
  '/api/no-such-route',
  '/media/no-such-asset/a.webp',
  '/media/folder/a.b.c/x/hls/y.mp4',
];

const POLICY =
  "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;" +
  "media-src 'self' blob:;connect-src 'self';font-src 'self';worker-src 'self';manifest-src 'self';" +
  "object-src 'none';frame-ancestors 'none';base-uri 'self';form-action 'self'";

const EVERYWHERE = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-site',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

describe('security headers outside production', () => {
  const testApp = setupTestApp();
  it('are on every answer, without HSTS or the upgrade of insecure requests', async () => {
    for (const url of ANSWERS) {
      const { headers } = await testApp.app.inject({ url });
      expect({ url, ...headers }).toMatchObject({ url, ...EVERYWHERE, 'content-security-policy': POLICY });
      expect(headers['strict-transport-security']).toBeUndefined();
    }
  });
});

describe('security headers in production', () => {
  const testApp = setupTestApp({ env: PRODUCTION_TEST_ENV });
  it('add HSTS and the upgrade of insecure requests', async () => {
    for (const url of ANSWERS) {
      const { headers } = await testApp.app.inject({ url });
      expect({ url, ...headers }).toMatchObject({
        url,
        ...EVERYWHERE,
        'content-security-policy': `${POLICY};upgrade-insecure-requests`,
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
      });
    }
  });
});
