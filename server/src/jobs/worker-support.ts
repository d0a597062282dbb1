/** What the job runner and the schedule runner share: idle waits, shutdown waits, error text. */

/** A wait that `wake` ends early, for workers that poll the database when idle. */
export function createWakeableSleep(): { sleep(ms: number): Promise<void>; wake(): void } {
  const sleepers = new Set<() => void>();
  return {
    sleep: (ms) =>
      new Promise<void>((resolve) => {
        const resume = () => {
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          sleepers.delete(resume);
          resolve();
        }, ms);
        sleepers.add(resume);
      }),
    wake: () => {
      for (const resume of sleepers) resume();
      sleepers.clear();
    },
  };
}

export async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([promise.then(() => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

// Errors can carry whole stderr dumps; the row keeps what a person reads.
const MAX_ERROR_LENGTH = 2000;

/** An error as a row's last_error keeps it. */
export function describeError(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, MAX_ERROR_LENGTH);
}
