import http from 'node:http';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, PHONE } from './support/browser.ts';

// The first visit's JavaScript must stay under 110 KB gzip: payment modals, players and
// admin pages load only when opened. Measured as a visitor's browser loads the home page,
// every script it fetched, at the size the server sends it gzipped.
const baseUrl = inject('baseUrl');
const budgetBytes = 110 * 1024;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The bytes the server sends for a URL to a client that accepts gzip (not decompressed). */
function measureGzipBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        response.on('end', () => resolve(bytes));
      })
      .on('error', reject);
  });
}

describe('the first visit', () => {
  it('loads under 110 KB gzip of JavaScript on the home page, on a phone', async () => {
    const { page, context } = await openPage(browser, { viewport: PHONE });
    try {
      const scripts = new Set<string>();
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.add(request.url());
      });
      await page.goto(`${baseUrl}/creators/featured`);
      await page.getByRole('heading', { level: 1, name: 'Featured creators' }).waitFor();
      await page.waitForLoadState('networkidle');

      const sizes = await Promise.all([...scripts].map(measureGzipBytes));
      const total = sizes.reduce((sum, size) => sum + size, 0);
      expect(scripts.size).toBeGreaterThan(0);
      expect(total, `${[...scripts].join(', ')}: ${(total / 1024).toFixed(1)} KB`).toBeLessThanOrEqual(
        budgetBytes,
      );
    } finally {
      await context.close();
    }
  });
});
