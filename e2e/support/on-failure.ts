import path from 'node:path';
import { beforeEach } from 'vitest';
import { forgetEvidence, writeEvidence } from './failure-evidence.ts';

// Each browser test starts with no evidence; a failed one writes what its pages showed.
beforeEach(({ task, onTestFailed }) => {
  forgetEvidence();
  onTestFailed(({ task: failed }) => {
    const error = failed.result?.errors?.[0]?.message ?? 'unknown';
    const written = writeEvidence(`${path.basename(task.file.name)} ${task.name}`, error);
    if (written.length > 0)
      console.error(`What the failed test's pages showed: ${written.join(', ')} (.jpg, .txt)`);
  });
});
