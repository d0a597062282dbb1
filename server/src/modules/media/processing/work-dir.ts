import fs from 'node:fs/promises';
import path from 'node:path';

/** Where processing makes its work folders: on the data disk, as a video's original can be 2 GB. */
export function workRootOf(dataDir: string): string {
  return path.join(dataDir, 'tmp', 'media-processing');
}

/**
 * Runs `work` in a fresh folder under `root` and removes the folder afterwards, whatever
 * happens. The folder's name starts with `prefix`, which names the server instance that
 * made it (server-instances.ts): what a killed server leaves here goes as soon as another
 * server sees it is dead.
 */
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
