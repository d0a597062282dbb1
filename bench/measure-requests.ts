import type { App } from '../server/src/app.ts';
import { percentile } from './bench-report.ts';

export type RequestTimings = {
  p50: number;
  p95: number;
  p99: number;
  count: number;
  /** Every request's time in ms, fastest first. */
  timings: number[];
};

/**
 * Times GET `url` as the holder of `cookie`, one request at a time through app.inject, after
 * 20 unmeasured ones: `requests` of them, or what fits in `budgetMs` when it is slow.
 */
export async function measureRequests(
  app: App,
  options: { url: string; cookie?: string; requests: number; budgetMs?: number },
): Promise<RequestTimings> {
  const { url, requests } = options;
  const headers = options.cookie ? { cookie: options.cookie } : {};
  const once = async () => {
    const started = performance.now();
    const response = await app.inject({ url, headers });
    const elapsed = performance.now() - started;
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return elapsed;
  };
  const budgetEnds = performance.now() + (options.budgetMs ?? 30_000);
  for (let index = 0; index < 20 && performance.now() < budgetEnds; index += 1) await once();
  const timings: number[] = [await once()];
  while (timings.length < requests && performance.now() < budgetEnds) timings.push(await once());
  timings.sort((a, b) => a - b);
  return {
    p50: percentile(timings, 0.5),
    p95: percentile(timings, 0.95),
    p99: percentile(timings, 0.99),
    count: timings.length,
    timings,
  };
}
