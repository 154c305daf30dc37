/**
 * Builds dist/sw.js after the app build (`npm run build` = `vite build && tsx scripts/build-service-worker.ts`):
 * 1. bundles service-worker/sw.ts with a second Vite build into a classic IIFE (workbox reads
 *    `process.env.NODE_ENV`, so it is defined; the Supabase base URL, API key and VAPID public key of the
 *    build are baked in: `pushsubscriptionchange` subscribes and stores the new endpoint by itself),
 * 2. injects the precache manifest of dist/ (workbox-build injectManifest) and writes dist/sw.js.
 * The intermediate bundle lands in build-sw/ (git-ignored), never in dist/, so it is not precached.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, loadEnv } from 'vite';
import { injectManifest } from 'workbox-build';
import { LOCAL_VAPID_KEYS } from '../supabase/emulator/src/push/vapid';
import { LOCAL_ANON_KEY } from '../src/lib/backend-config';
import { readBackendEnv } from '../src/lib/backend-env';

const root = fileURLToPath(new URL('..', import.meta.url));
const distDir = path.join(root, 'dist');
const intermediateDir = path.join(root, 'build-sw');

/**
 * What the service worker precaches, relative to dist/: the shell (index.html, manifest), every JS and CSS
 * chunk (lazy routes, locale namespaces, the sync worker), locale JSON, icons and avatars (public/avatars);
 * not the manifest's screenshots.
 * One pattern, so a kind of file a build does not have yet (avatars) is no warning.
 */
export const PRECACHE_GLOBS = ['**/*.{html,webmanifest,js,css,json,png,svg,ico,webp,woff,woff2}'];

/** Hashed file names (Vite's `name-<hash>.ext`) need no revision: the name changes with the content. */
const HASHED_ASSET = /(?:^|\/)assets\/[^/]+-[A-Za-z0-9_-]{8}\.[a-z0-9]+$/;

/** The manifest options (shared with the unit test, which runs them through workbox-build's getManifest). */
export function precacheOptions(globDirectory: string) {
  return {
    globDirectory,
    globPatterns: PRECACHE_GLOBS,
    // The manifest's screenshots are for the browser's install dialog, fetched online before installing:
    // precaching them would add their ~360 KB to every install.
    globIgnores: ['sw.js', '**/*.map', 'screenshots/**'],
    dontCacheBustURLsMatching: HASHED_ASSET,
    maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
  };
}

export async function buildServiceWorker(): Promise<{ count: number; size: number; warnings: string[] }> {
  if (!existsSync(path.join(distDir, 'index.html'))) {
    throw new Error('dist/index.html is missing: run `vite build` first');
  }
  const env = loadEnv('production', root, 'VITE_');
  const backend = readBackendEnv(env);
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    mode: 'production',
    define: {
      'process.env.NODE_ENV': JSON.stringify('production'),
      __SPOTTER_SUPABASE_URL__: JSON.stringify(env.VITE_SUPABASE_URL ?? ''),
      __SPOTTER_SUPABASE_KEY__: JSON.stringify(backend.kind === 'hosted' ? backend.key : LOCAL_ANON_KEY),
      __SPOTTER_VAPID_PUBLIC_KEY__: JSON.stringify(
        backend.kind === 'hosted' ? backend.vapidPublicKey : LOCAL_VAPID_KEYS.publicKey,
      ),
    },
    build: {
      outDir: intermediateDir,
      emptyOutDir: true,
      target: 'es2022',
      minify: true,
      sourcemap: false,
      copyPublicDir: false,
      lib: {
        entry: path.join(root, 'service-worker', 'sw.ts'),
        formats: ['iife'],
        name: 'spotterServiceWorker',
        fileName: () => 'sw.js',
      },
    },
  });

  const result = await injectManifest({
    swSrc: path.join(intermediateDir, 'sw.js'),
    swDest: path.join(distDir, 'sw.js'),
    ...precacheOptions(distDir),
  });
  return { count: result.count, size: result.size, warnings: result.warnings };
}

const isMain =
  process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const { count, size, warnings } = await buildServiceWorker();
  for (const warning of warnings) console.warn(`[sw] ${warning}`);
  console.log(`[sw] dist/sw.js: ${count} files precached (${(size / 1024).toFixed(1)} KiB)`);
}
