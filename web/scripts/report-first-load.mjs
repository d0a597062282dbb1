// Prints the JavaScript a first visit to the home page (/creators/featured) downloads, as
// the server sends it (the .br or .gz copy the build wrote; files under 1 KB go as they are),
// one line a file:
// - what index.html loads: its classic scripts, the entry chunk and its static imports;
// - the lazy chunk of the home page (the app's composed page) and its static imports;
// - chunks deferred but loaded on every visit whatever the visitor does (on a timer, say);
//   none today: the toaster mounts at the first toast, menus and modals on first use.
// The service worker is reported apart: it is registered after load, runs off the page, and
// then precaches the rest of the build. Runs after precompress.mjs (see the build script);
// reads dist/index.html and dist/.vite/manifest.json.
import { readFile, stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const distDir = fileURLToPath(new URL('../dist/', import.meta.url));
const goalKilobytes = 110;
const homePage = { path: '/creators/featured', module: 'src/app/composed-pages/featured-creators-page.tsx' };
// Modules the shell loads on a timer, not on a visitor's action. Add any such module here,
// or the figure below would flatter the build.
const deferredEveryVisitModules = [];
const serviceWorkerFile = 'sw.js';

const manifest = JSON.parse(await readFile(`${distDir}.vite/manifest.json`, 'utf8'));
const indexHtml = await readFile(`${distDir}index.html`, 'utf8');

/** The chunk files of an entry and everything it imports statically, without repeats. */
function collectStaticChunks(key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`No chunk for ${key} in the build manifest`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) collectStaticChunks(imported, files);
  return files;
}

/** The classic (non-module) scripts of index.html, such as theme-init.js; Vite leaves them be. */
function findClassicScripts(html) {
  const scripts = html.matchAll(/<script\b([^>]*)\bsrc="\/([^"]+)"/g);
  return [...scripts].filter(([, attributes]) => !/type="module"/.test(attributes)).map(([, , file]) => file);
}

/** The bytes the server sends for a file: its precompressed copy when the build wrote one. */
async function measureSentBytes(file, encoding) {
  try {
    return (await stat(`${distDir}${file}.${encoding}`)).size;
  } catch (error) {
    if (error.code !== 'ENOENT') throw error;
    return (await stat(`${distDir}${file}`)).size;
  }
}

async function measureFile(file) {
  const [gzip, brotli] = await Promise.all([measureSentBytes(file, 'gz'), measureSentBytes(file, 'br')]);
  return { file, gzip, brotli };
}

function sumSizes(sizes) {
  return sizes.reduce(
    (total, size) => ({ gzip: total.gzip + size.gzip, brotli: total.brotli + size.brotli }),
    { gzip: 0, brotli: 0 },
  );
}

const formatKilobytes = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const formatSizes = ({ gzip, brotli }) =>
  `${formatKilobytes(gzip).padStart(8)} gzip ${formatKilobytes(brotli).padStart(8)} brotli`;
const isJavaScript = (file) => file.endsWith('.js');

const atLoadFiles = new Set(findClassicScripts(indexHtml));
collectStaticChunks('index.html', atLoadFiles);
collectStaticChunks(homePage.module, atLoadFiles);
const deferredFiles = new Set();
for (const key of deferredEveryVisitModules) collectStaticChunks(key, deferredFiles);
for (const file of atLoadFiles) deferredFiles.delete(file);

const atLoad = await Promise.all([...atLoadFiles].filter(isJavaScript).map(measureFile));
const deferred = await Promise.all([...deferredFiles].filter(isJavaScript).map(measureFile));
const firstLoad = sumSizes([...atLoad, ...deferred]);

console.log(`First-load JavaScript of ${homePage.path}:`);
for (const size of atLoad) console.log(`  ${formatSizes(size)}  ${size.file}`);
for (const size of deferred)
  console.log(`  ${formatSizes(size)}  ${size.file} (deferred but loaded on every visit)`);
console.log(
  `  ${formatSizes(firstLoad)}  in all, ${atLoad.length + deferred.length} files (goal ≤ ${goalKilobytes} KB gzip)`,
);

const serviceWorker = await measureFile(serviceWorkerFile);
const allJs = [...new Set(Object.values(manifest).map((chunk) => chunk.file))].filter(isJavaScript);
const allSizes = sumSizes(await Promise.all(allJs.map(measureFile)));
console.log(`Service worker, registered after load: ${formatSizes(serviceWorker)}`);
console.log(
  `All JavaScript of the build (the worker precaches it): ${formatSizes(allSizes)}, ${allJs.length} files`,
);

if (firstLoad.gzip > goalKilobytes * 1024) {
  // A warning, not a failure: the figure is for people to act on, not a gate on every build.
  console.warn(`Warning: first-load JavaScript is over the ${goalKilobytes} KB goal.`);
}
