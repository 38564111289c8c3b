// Writes the installable app's PNG icons (public/icons/icon-192.png, icon-512.png) from
// public/icons/icon.svg. Run again after changing the SVG: node scripts/make-icons.mjs
// sharp comes from the server's dependencies: the web itself needs no image library.
import { createRequire } from 'node:module';
import path from 'node:path';

const here = path.dirname(new URL(import.meta.url).pathname);
const require = createRequire(path.join(here, '../../server/package.json'));
const sharp = require('sharp');
const svg = path.join(here, '../public/icons/icon.svg');
for (const size of [192, 512]) {
  await sharp(svg, { density: 300 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(here, `../public/icons/icon-${size}.png`));
  console.log(`icon-${size}.png`);
}
