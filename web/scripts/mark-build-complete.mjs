// The last step of the build: writes dist/.build-complete (the time, ISO 8601). Vite writes
// dist/index.html long before precompress and report-first-load finish, so only this stamp
// says the whole build ran; scripts/ensure-web-build.mjs compares source times against it.
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const stampFile = fileURLToPath(new URL('../dist/.build-complete', import.meta.url));

await writeFile(stampFile, `${new Date().toISOString()}\n`);
