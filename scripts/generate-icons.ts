// Renders the app icons in public/icons/ from public/icons/icon.svg with the system Chromium:
//   icon-192.png, icon-512.png   rounded, transparent corners ("any")
//   icon-maskable-512.png        full-bleed square, artwork scaled into the 80% safe zone ("maskable")
//   apple-touch-icon.png (180)   full-bleed square (iOS rounds it)
// Run after changing the SVG: `npx tsx scripts/generate-icons.ts`. The PNGs are committed.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const iconsDir = fileURLToPath(new URL('../public/icons/', import.meta.url));
const chromiumPath = process.env.CHROME_PATH || '/usr/bin/chromium';

function fullBleed(svg: string, safeZone: boolean): string {
  const square = svg.replace(/<rect width="64" height="64" rx="16"/, '<rect width="64" height="64" rx="0"');
  if (!safeZone) return square;
  // Everything after the background rect goes into a group scaled to 80% around the centre.
  return square.replace(
    /(<rect width="64" height="64" rx="0"[^>]*\/>)([\s\S]*)(<\/svg>)/,
    '$1<g transform="translate(6.4 6.4) scale(0.8)">$2</g>$3',
  );
}

async function main(): Promise<void> {
  const svg = await readFile(path.join(iconsDir, 'icon.svg'), 'utf8');
  const variants = [
    { file: 'icon-192.png', size: 192, svg },
    { file: 'icon-512.png', size: 512, svg },
    { file: 'icon-maskable-512.png', size: 512, svg: fullBleed(svg, true) },
    { file: 'apple-touch-icon.png', size: 180, svg: fullBleed(svg, false) },
  ];
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage({ deviceScaleFactor: 1 });
    for (const variant of variants) {
      await page.setViewportSize({ width: variant.size, height: variant.size });
      const sized = variant.svg.replace('<svg ', `<svg width="${variant.size}" height="${variant.size}" `);
      await page.setContent(
        `<!doctype html><html><body style="margin:0;background:transparent">${sized}</body></html>`,
      );
      await page.screenshot({ path: path.join(iconsDir, variant.file), omitBackground: true });
      console.log(`wrote public/icons/${variant.file} (${variant.size}px)`);
    }
  } finally {
    await browser.close();
  }
}

await main();
