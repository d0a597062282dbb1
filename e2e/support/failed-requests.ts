import type { Page } from 'playwright-core';

/** Every answer of our API that failed from now on, as 'status path' (the list fills as the page runs). */
export function recordFailedRequests(page: Page): string[] {
  const failed: string[] = [];
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.startsWith('/api/') && response.status() >= 400)
      failed.push(`${response.status()} ${pathname}`);
  });
  return failed;
}
