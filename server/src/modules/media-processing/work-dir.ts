import fs from 'node:fs/promises';
import path from 'node:path';

// A run lasts minutes, hours for a very long video; a folder this old was left by a crash.
const ABANDONED_AFTER_MS = 24 * 60 * 60_000;

/** Runs `work` in a fresh folder under `root` and removes the folder afterwards, whatever happens. */
export async function withWorkDir<T>(
  root: string,
  prefix: string,
  work: (dir: string) => Promise<T>,
): Promise<T> {
  await fs.mkdir(root, { recursive: true });
  const dir = await fs.mkdtemp(path.join(root, `${prefix}-`));
  try {
    return await work(dir);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Removes the folders a crashed run could not remove (the originals in them can be 2 GB). */
export async function removeAbandonedWorkDirs(root: string): Promise<void> {
  const cutoff = Date.now() - ABANDONED_AFTER_MS;
  const entries = await fs.readdir(root).catch(() => []);
  for (const name of entries) {
    const entry = path.join(root, name);
    const stats = await fs.stat(entry).catch(() => null);
    if (stats && stats.mtimeMs < cutoff) await fs.rm(entry, { recursive: true, force: true });
  }
}
