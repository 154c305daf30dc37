/**
 * Draws the nine built-in avatars (spec point 3: avatar1..avatar9 at /avatars/{id}.png) as small
 * illustrated gym-goers and renders them to 192 x 192 PNGs with the system Chromium, into public/avatars.
 * Made locally on purpose: the app precaches them and shows them offline, with no image service.
 * Run `npx tsx scripts/generate-avatars.ts` after changing a design; the PNGs are committed.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { AVATAR_IDS } from '../src/domain/avatars';

interface Design {
  background: string;
  shirt: string;
  skin: string;
  hair: string;
  /** Hair shape, drawn over the head. */
  style: 'short' | 'bun' | 'long' | 'curly' | 'buzz' | 'ponytail';
  /** Something gym-like. */
  extra: 'headband' | 'cap' | 'none' | 'towel' | 'earbuds';
}

const DESIGNS: Design[] = [
  {
    background: '#c2b0fb',
    shirt: '#6a3aee',
    skin: '#f1c7a5',
    hair: '#3b2a20',
    style: 'short',
    extra: 'headband',
  },
  { background: '#ffc599', shirt: '#e35a00', skin: '#8d5a3b', hair: '#1d1412', style: 'bun', extra: 'none' },
  {
    background: '#a5e8d4',
    shirt: '#0f8f6e',
    skin: '#f5d6bf',
    hair: '#c9772b',
    style: 'long',
    extra: 'earbuds',
  },
  {
    background: '#b9d7ff',
    shirt: '#2d5bd8',
    skin: '#c68b63',
    hair: '#2b2b2b',
    style: 'buzz',
    extra: 'towel',
  },
  {
    background: '#ffd6e7',
    shirt: '#c2255c',
    skin: '#e9b48f',
    hair: '#6b3d1f',
    style: 'curly',
    extra: 'headband',
  },
  {
    background: '#fff3bf',
    shirt: '#e67700',
    skin: '#5c3a24',
    hair: '#0f0b09',
    style: 'ponytail',
    extra: 'none',
  },
  { background: '#d3f9d8', shirt: '#2b8a3e', skin: '#f8d9c0', hair: '#e8c07a', style: 'short', extra: 'cap' },
  {
    background: '#e5dbff',
    shirt: '#5f3dc4',
    skin: '#a86f4c',
    hair: '#2a1a12',
    style: 'curly',
    extra: 'earbuds',
  },
  {
    background: '#ffe3e3',
    shirt: '#c92a2a',
    skin: '#f0c29e',
    hair: '#8a4b2a',
    style: 'long',
    extra: 'towel',
  },
];

function hair(d: Design): string {
  const fill = `fill="${d.hair}"`;
  switch (d.style) {
    case 'short':
      return `<path d="M22 30c0-12 9-18 18-18s18 6 18 18c-4-6-10-8-18-8s-14 2-18 8z" ${fill}/>`;
    case 'bun':
      return `<circle cx="40" cy="11" r="7" ${fill}/><path d="M22 31c0-11 8-18 18-18s18 7 18 18c-3-7-10-10-18-10s-15 3-18 10z" ${fill}/>`;
    case 'long':
      return `<path d="M20 54V32c0-12 9-20 20-20s20 8 20 20v22c-3-2-5-6-5-10V30c-4-4-9-6-15-6s-11 2-15 6v14c0 4-2 8-5 10z" ${fill}/>`;
    case 'buzz':
      return `<path d="M24 28c1-10 8-14 16-14s15 4 16 14c-5-3-10-4-16-4s-11 1-16 4z" ${fill} opacity="0.85"/>`;
    case 'curly':
      return [
        [25, 26],
        [30, 18],
        [38, 14],
        [46, 15],
        [53, 20],
        [56, 28],
        [24, 34],
        [57, 35],
      ]
        .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="6" ${fill}/>`)
        .join('');
    case 'ponytail':
      return `<path d="M56 26c8 4 10 14 6 22-1-7-4-12-8-15z" ${fill}/><path d="M22 31c0-11 8-18 18-18s18 7 18 18c-3-7-10-10-18-10s-15 3-18 10z" ${fill}/>`;
  }
}

function extra(d: Design): string {
  switch (d.extra) {
    case 'headband':
      return `<rect x="23" y="24" width="34" height="5" rx="2.5" fill="#ffffff" opacity="0.95"/><rect x="23" y="24" width="34" height="2" rx="1" fill="${d.shirt}"/>`;
    case 'cap':
      return `<path d="M23 27c0-9 8-15 17-15s17 6 17 15z" fill="${d.shirt}"/><rect x="38" y="25" width="26" height="4" rx="2" fill="${d.shirt}"/>`;
    case 'towel':
      return `<path d="M20 66c6-6 12-8 20-8s14 2 20 8l-4 4c-5-4-10-6-16-6s-11 2-16 6z" fill="#ffffff" opacity="0.9"/>`;
    case 'earbuds':
      return `<circle cx="23.5" cy="37" r="2.6" fill="#ffffff"/><circle cx="56.5" cy="37" r="2.6" fill="#ffffff"/>`;
    case 'none':
      return '';
  }
}

function avatarSvg(d: Design): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 80 80" width="192" height="192">
<rect width="80" height="80" fill="${d.background}"/>
<path d="M12 80c2-15 13-23 28-23s26 8 28 23z" fill="${d.shirt}"/>
<rect x="34" y="46" width="12" height="12" rx="5" fill="${d.skin}"/>
<ellipse cx="40" cy="34" rx="16" ry="18" fill="${d.skin}"/>
${hair(d)}
<circle cx="34" cy="35" r="2" fill="#1f1d2a"/><circle cx="46" cy="35" r="2" fill="#1f1d2a"/>
<path d="M34 43c3 3 9 3 12 0" stroke="#1f1d2a" stroke-width="2" fill="none" stroke-linecap="round"/>
${extra(d)}
</svg>`;
}

const outDir = fileURLToPath(new URL('../public/avatars/', import.meta.url));
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox'],
});
try {
  const page = await browser.newPage({ viewport: { width: 192, height: 192 } });
  for (const [index, id] of AVATAR_IDS.entries()) {
    const design = DESIGNS[index];
    if (!design) throw new Error(`no design for ${id}`);
    await page.setContent(`<body style="margin:0">${avatarSvg(design)}</body>`);
    writeFileSync(`${outDir}${id}.png`, await page.screenshot({ type: 'png' }));
  }
} finally {
  await browser.close();
}
console.log(`wrote ${AVATAR_IDS.length} avatars to ${outDir}`);
