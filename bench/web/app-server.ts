// The production build of the app, served as `npm start` serves it, for the suites that load the real app
// (web, and sync's new-device figure).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, preview, type PreviewServer } from 'vite';
import { prerenderLanding } from '../../scripts/prerender-landing';
import { startEmulator, type Emulator } from '../../supabase/emulator/src/start-emulator';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The build to measure: SPOTTER_WEB_DIST when set (a copy of dist/ made after `npm run build`), otherwise
 * a fresh `vite build` plus the landing prerender into a temporary directory (no service worker then).
 */
export async function prepareDist(): Promise<{ dir: string; temporary: boolean }> {
  const given = process.env.SPOTTER_WEB_DIST;
  if (given !== undefined && given !== '') {
    const dir = path.resolve(given);
    if (!existsSync(path.join(dir, 'index.html')))
      throw new Error(`SPOTTER_WEB_DIST=${dir} has no index.html`);
    return { dir, temporary: false };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'spotter-bench-web-'));
  await build({ root, logLevel: 'warn', mode: 'production', build: { outDir: dir, emptyOutDir: true } });
  await prerenderLanding(dir);
  return { dir, temporary: true };
}

/** The project's own preview (vite.config.ts: SPA fallback, API proxy to the emulator) of `dir`. */
export async function serve(
  dir: string,
  emulator: Emulator,
): Promise<{ server: PreviewServer; url: string }> {
  const previous = process.env.SPOTTER_API_URL;
  process.env.SPOTTER_API_URL = emulator.url; // vite.config.ts reads it when preview() loads the config
  try {
    const server = await preview({
      root,
      logLevel: 'warn',
      build: { outDir: dir },
      preview: { host: '127.0.0.1', port: 0, strictPort: false, open: false },
    });
    const address = server.httpServer.address() as AddressInfo | null;
    if (address === null) throw new Error('bench web: preview did not listen');
    return { server, url: `http://127.0.0.1:${address.port}` };
  } finally {
    if (previous === undefined) delete process.env.SPOTTER_API_URL;
    else process.env.SPOTTER_API_URL = previous;
  }
}

/**
 * The build (prepareDist), a fresh emulator and the preview serving the one against the other, for the
 * length of `use`; all stopped (and a temporary build removed) afterwards.
 */
export async function withServedApp<T>(
  use: (app: { url: string; emulator: Emulator }) => Promise<T>,
): Promise<T> {
  const dist = await prepareDist();
  const emulator = await startEmulator({ port: 0, memory: true, autoconfirm: true });
  let server: PreviewServer | null = null;
  try {
    const served = await serve(dist.dir, emulator);
    server = served.server;
    return await use({ url: served.url, emulator });
  } finally {
    await server?.close();
    await emulator.stop();
    if (dist.temporary) rmSync(dist.dir, { recursive: true, force: true });
  }
}
