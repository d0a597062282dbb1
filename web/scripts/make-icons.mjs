// Generates the PWA and Apple touch icons from the logo. Run once after changing the logo:
//   node web/scripts/make-icons.mjs
// The PNGs are committed, so builds do not need sharp.
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const iconsDir = fileURLToPath(new URL('../public/icons/', import.meta.url));
const brandColour = '#6d28d9';

// The letter mark of public/favicon.svg, drawn in a 64 × 64 box.
const letterMark = `
  <path d="M20 40.5c2.6 2.9 6.7 4.5 11.4 4.5 6.6 0 11.1-3.3 11.1-8.4 0-4.6-3.2-6.7-9.6-8l-3.3-.7c-3.2-.7-4.4-1.6-4.4-3.2 0-1.9 1.9-3.1 4.9-3.1 2.9 0 5.3 1.1 7 3l3.6-4.1C38.3 18.1 34.9 17 31.2 17c-6.4 0-10.8 3.4-10.8 8.3 0 4.4 3 6.7 9 7.9l3.4.7c3.6.7 4.8 1.7 4.8 3.4 0 2-2.1 3.2-5.4 3.2-3.3 0-6.3-1.4-8.4-3.8z" fill="#fff"/>
  <circle cx="47" cy="17" r="4" fill="#fbbf24"/>`;

/** A rounded tile, as in the favicon: for "any" purpose icons. */
function createRoundedLogo() {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
    <rect width="64" height="64" rx="14" fill="${brandColour}"/>${letterMark}</svg>`;
}

/**
 * A full-bleed square for maskable icons and Apple: the platform applies its own mask, and
 * the mark is shrunk into the central 80 % safe zone so no mask cuts it.
 */
function createFullBleedLogo({ markScale }) {
  const offset = (64 - 64 * markScale) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
    <rect width="64" height="64" fill="${brandColour}"/>
    <g transform="translate(${offset} ${offset}) scale(${markScale})">${letterMark}</g></svg>`;
}

async function writeIcon(svg, size, fileName) {
  await sharp(Buffer.from(svg), { density: 72 * (size / 64) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(`${iconsDir}${fileName}`);
  console.log(`wrote public/icons/${fileName}`);
}

await mkdir(iconsDir, { recursive: true });
await writeIcon(createRoundedLogo(), 192, 'icon-192.png');
await writeIcon(createRoundedLogo(), 512, 'icon-512.png');
await writeIcon(createFullBleedLogo({ markScale: 0.7 }), 512, 'icon-maskable-512.png');
await writeIcon(createFullBleedLogo({ markScale: 0.85 }), 180, 'apple-touch-icon.png');
