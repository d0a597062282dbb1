// Prints how much JavaScript a first visit to the home page downloads, gzipped: the entry
// chunk of index.html and its static imports, plus the lazy chunk of the /creators/featured
// page and its static imports. After that first visit the service worker precaches the rest.
// Runs after `vite build` (see the build script); reads dist/.vite/manifest.json.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const distDir = fileURLToPath(new URL('../dist/', import.meta.url));
const goalKilobytes = 120;
const homePageModule = 'src/features/creators/featured-creators-page.tsx';

const manifest = JSON.parse(await readFile(`${distDir}.vite/manifest.json`, 'utf8'));

/** The chunk files of an entry and everything it imports statically, without repeats. */
function collectStaticChunks(key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`No chunk for ${key} in the build manifest`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) collectStaticChunks(imported, files);
  return files;
}

async function measureGzipped(file) {
  return gzipSync(await readFile(`${distDir}${file}`), { level: 9 }).length;
}

async function sumGzipped(files) {
  const sizes = await Promise.all([...files].map(measureGzipped));
  return sizes.reduce((total, size) => total + size, 0);
}

const formatKilobytes = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

const firstLoadFiles = collectStaticChunks('index.html');
collectStaticChunks(homePageModule, firstLoadFiles);
const firstLoadJs = [...firstLoadFiles].filter((file) => file.endsWith('.js'));
const firstLoadBytes = await sumGzipped(firstLoadJs);

const allJs = Object.values(manifest)
  .map((chunk) => chunk.file)
  .filter((file, index, files) => file.endsWith('.js') && files.indexOf(file) === index);
const allBytes = await sumGzipped(allJs);

console.log(
  `First-load JavaScript: ${formatKilobytes(firstLoadBytes)} gzipped (goal ≤ ${goalKilobytes} KB), ${firstLoadJs.length} files`,
);
console.log(`All JavaScript of the build: ${formatKilobytes(allBytes)} gzipped, ${allJs.length} files`);
if (firstLoadBytes > goalKilobytes * 1024) {
  // A warning, not a failure: the figure is for people to act on, not a gate on every build.
  console.warn(`Warning: first-load JavaScript is over the ${goalKilobytes} KB goal.`);
}
