// The precache globs against a dist-like folder, through workbox-build's own manifest generation.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { getManifest } from 'workbox-build';
import { precacheOptions } from './build-service-worker';

describe('precache manifest', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'spotter-precache-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const files = [
    'index.html',
    'manifest.webmanifest',
    'sw.js',
    'assets/index-AbCd1234.js',
    'assets/index-AbCd1234.js.map',
    'assets/index-Zz_9-xYw.css',
    'assets/login.lazy-Q1w2E3r4.js',
    'assets/common-Kk12Lm34.js',
    'assets/sync-worker-Pp00Oo11.js',
    'assets/plain.js',
    'locales/en/common.json',
    'icons/icon-192.png',
    'icons/icon.svg',
    'avatars/avatar-01.png',
    'robots.txt',
  ];
  for (const file of files) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), `/* ${file} */`);
  }

  it('covers the shell, every chunk, locales, icons and avatars, but not maps or the worker itself', async () => {
    const { manifestEntries, warnings } = await getManifest(precacheOptions(dir));
    expect(warnings).toEqual([]);
    const urls = (manifestEntries ?? []).map((entry) => entry.url).sort();
    expect(urls).toEqual(
      [
        'index.html',
        'manifest.webmanifest',
        'assets/index-AbCd1234.js',
        'assets/index-Zz_9-xYw.css',
        'assets/login.lazy-Q1w2E3r4.js',
        'assets/common-Kk12Lm34.js',
        'assets/sync-worker-Pp00Oo11.js',
        'assets/plain.js',
        'locales/en/common.json',
        'icons/icon-192.png',
        'icons/icon.svg',
        'avatars/avatar-01.png',
      ].sort(),
    );
  });

  it('revisions files without a content hash in their name, and only those', async () => {
    const { manifestEntries } = await getManifest(precacheOptions(dir));
    const revision = (url: string) => manifestEntries?.find((entry) => entry.url === url)?.revision;
    expect(revision('assets/index-AbCd1234.js')).toBeNull();
    expect(revision('index.html')).toMatch(/^[0-9a-f]{32}$/);
    expect(revision('assets/plain.js')).toMatch(/^[0-9a-f]{32}$/);
    expect(revision('avatars/avatar-01.png')).toMatch(/^[0-9a-f]{32}$/);
  });
});
