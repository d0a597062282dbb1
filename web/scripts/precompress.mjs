// Writes a .br and a .gz beside every text file of the build, so the server sends
// compressed files without compressing on every request (see the server's web-app plugin,
// which serves them when the browser accepts them).
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const distDir = fileURLToPath(new URL('../dist/', import.meta.url));
const compressible = /\.(js|css|html|svg|json|webmanifest|txt)$/;
// Below this a compressed copy saves less than the headers cost.
const minimumBytes = 1024;

let count = 0;
for (const entry of await readdir(distDir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !compressible.test(entry.name)) continue;
  const file = path.join(entry.parentPath, entry.name);
  const content = await readFile(file);
  if (content.length < minimumBytes) continue;
  await writeFile(`${file}.gz`, gzipSync(content, { level: 9 }));
  await writeFile(
    `${file}.br`,
    brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  count++;
}
console.log(`Precompressed ${count} files (brotli and gzip).`);
