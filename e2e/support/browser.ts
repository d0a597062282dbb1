import fs from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { recordEvidenceOf } from './failure-evidence.ts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 360, height: 740 };

/**
 * Debian's Chromium, headless, kept off the network except for this machine. Without it
 * the browser tests fail with this message while the unit and API tests still run.
 */
export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Browser tests need Chromium at ${CHROMIUM_PATH}: run "apt-get install -y chromium" or set CHROMIUM_PATH.`,
    );
  }
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  return recordEvidenceOf(browser);
}

export type TestPage = { page: Page; context: BrowserContext; problems: string[] };

/**
 * A fresh browser profile with one page. It records what the page reports as broken
 * (script errors, Content-Security-Policy violations) so tests can assert there is none.
 */
export async function openPage(
  browser: Browser,
  options: { viewport?: { width: number; height: number }; colorScheme?: 'light' | 'dark' } = {},
): Promise<TestPage> {
  const context = await browser.newContext({
    viewport: options.viewport ?? DESKTOP,
    colorScheme: options.colorScheme ?? 'light',
  });
  const problems: string[] = [];
  context.on('console', (message) => {
    if (message.type() === 'error') problems.push(`${message.text()} (${message.location().url})`);
  });
  context.on('weberror', (error) => problems.push(String(error.error())));
  const page = await context.newPage();
  return { page, context, problems };
}
