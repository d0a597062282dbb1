import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository's root folder. This file and the compiled bundle (server/dist/main.js)
 * sit at the same depth, so the same relative step finds it in both.
 */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
