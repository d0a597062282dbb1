import fs from 'node:fs';
import path from 'node:path';
import { beforeEach } from 'vitest';
import { forgetEvidence, writeEvidence } from './failure-evidence.ts';

// Each browser test starts with no evidence. A failed try (also one that a retry then
// passes) writes what its pages showed and prints the requests into the log, so a stall
// on CI can be read from CI's output alone.
beforeEach(({ task, onTestFailed }) => {
  forgetEvidence();
  onTestFailed(({ task: failed }) => {
    const error = failed.result?.errors?.[0]?.message ?? 'unknown';
    const written = writeEvidence(`${path.basename(task.file.name)} ${task.name}`, error);
    for (const base of written) {
      console.error(
        `A browser test failed; its page is in ${base}.jpg\n${fs.readFileSync(`${base}.txt`, 'utf8')}`,
      );
    }
  });
});
