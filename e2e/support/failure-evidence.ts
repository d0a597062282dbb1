import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Request } from 'playwright-core';

/**
 * What a failed browser test leaves behind for whoever reads CI: a screenshot of every page
 * it had open, its address, and the requests still waiting or recently answered, with how
 * long each took. Tests close their pages in `finally`, before Vitest reports the failure,
 * so the evidence is taken as a page closes and written only if the test then fails.
 */
export const EVIDENCE_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../failures');

type PageEvidence = { url: string; screenshot: Buffer | null; requests: string[] };
let evidenceOfCurrentTest: PageEvidence[] = [];

/** Called as each test starts, so a failure shows only its own pages. */
export function forgetEvidence(): void {
  evidenceOfCurrentTest = [];
}

/** Makes every context of this browser record its requests and keep evidence on close. */
export function recordEvidenceOf(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => {
    const context = await newContext(...args);
    keepEvidenceOnClose(context);
    return context;
  };
  return browser;
}

function keepEvidenceOnClose(context: BrowserContext): void {
  const startedAt = new Map<Request, number>();
  const answered: string[] = [];
  const settle = (request: Request, outcome: string) => {
    const took = Date.now() - (startedAt.get(request) ?? Date.now());
    startedAt.delete(request);
    // The service worker's precache of every asset would hide what the page asked for.
    if (new URL(request.url()).pathname.startsWith('/assets/')) return;
    answered.push(`${outcome} ${request.method()} ${request.url()} in ${took} ms`);
    if (answered.length > 40) answered.shift();
  };
  context.on('request', (request) => startedAt.set(request, Date.now()));
  context.on('requestfinished', (request) => settle(request, 'answered'));
  context.on('requestfailed', (request) => settle(request, `failed (${request.failure()?.errorText})`));

  const close = context.close.bind(context);
  context.close = async (...args) => {
    for (const page of context.pages()) {
      const screenshot = await page
        .screenshot({ type: 'jpeg', quality: 60, timeout: 5_000 })
        .catch(() => null);
      const waiting = [...startedAt].map(
        ([request, at]) => `WAITING ${request.method()} ${request.url()} for ${Date.now() - at} ms`,
      );
      evidenceOfCurrentTest.push({ url: page.url(), screenshot, requests: [...answered, ...waiting] });
    }
    return close(...args);
  };
}

/** Writes the failed test's evidence as `<file> <test>-<n>.jpg` and `.txt`. */
export function writeEvidence(testName: string, error: string): string[] {
  const written: string[] = [];
  if (evidenceOfCurrentTest.length === 0) return written;
  fs.mkdirSync(EVIDENCE_FOLDER, { recursive: true });
  const stem = testName.replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
  evidenceOfCurrentTest.forEach((evidence, index) => {
    const base = path.join(EVIDENCE_FOLDER, `${stem}-${index + 1}`);
    if (evidence.screenshot) fs.writeFileSync(`${base}.jpg`, evidence.screenshot);
    const report = [
      `Test: ${testName}`,
      `Page: ${evidence.url}`,
      `Error: ${error}`,
      '',
      ...evidence.requests,
    ];
    fs.writeFileSync(`${base}.txt`, `${report.join('\n')}\n`);
    written.push(base);
  });
  return written;
}
