// The production build served by its own `vite preview` on a free port, with the Supabase paths forwarded
// to a fresh in-memory emulator (also on a free port). For end-to-end tests that need the API; the shared
// preview of test/e2e/global-setup.ts has no emulator behind it. Builds dist/sw.js when it is missing
// (global-setup's fallback build is a plain `vite build`).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { preview, type Plugin } from 'vite';
import { buildServiceWorker } from '../../../scripts/build-service-worker';
import { startEmulator, type Emulator } from '../../../supabase/emulator/src/start-emulator';
import { freePortOutsideEphemeralRange } from './accounts';

const root = fileURLToPath(new URL('../../..', import.meta.url));

export interface AppWithEmulator {
  baseUrl: string;
  emulator: Emulator;
  /**
   * Serves /sw.js with a trailing comment naming `version` (byte-different, so the browser sees a new
   * service worker on its next update check); an empty string serves dist/sw.js as built.
   */
  setServiceWorkerVersion(version: string): void;
  stop(): Promise<void>;
}

function serviceWorkerVersions(): { plugin: Plugin; set(version: string): void } {
  let version = '';
  const plugin: Plugin = {
    name: 'spotter-e2e-service-worker-version',
    configurePreviewServer(server) {
      server.middlewares.use((request, response, next) => {
        if (version === '' || request.url?.split('?')[0] !== '/sw.js') {
          next();
          return;
        }
        const script = readFileSync(path.join(root, 'dist', 'sw.js'), 'utf8');
        response.setHeader('content-type', 'text/javascript');
        response.setHeader('cache-control', 'no-cache');
        response.end(`${script}\n// e2e version ${version}\n`);
      });
    },
  };
  return {
    plugin,
    set(next) {
      version = next;
    },
  };
}

export interface AppOptions {
  /**
   * Sign-up waits for the link mailed to the emulator's inbox (as in production), and the e-mail rate
   * limits are lifted for tests; off, new accounts are confirmed at once.
   */
  confirmEmail?: boolean;
}

export async function startAppWithEmulator({
  confirmEmail = false,
}: AppOptions = {}): Promise<AppWithEmulator> {
  if (!existsSync(path.join(root, 'dist', 'index.html'))) {
    throw new Error('dist/ is missing: run `npm run build` first');
  }
  if (!existsSync(path.join(root, 'dist', 'sw.js'))) await buildServiceWorker();

  const port = await freePortOutsideEphemeralRange();
  const baseUrl = `http://127.0.0.1:${port}`;
  const emulator = await startEmulator({
    port: 0,
    memory: true,
    autoconfirm: !confirmEmail,
    siteUrl: baseUrl,
    additionalRedirectUrls: [baseUrl],
    ...(confirmEmail ? { rateLimits: { emailMinIntervalSeconds: 0, emailSentPerHour: 1000 } } : {}),
  });
  // vite.config.ts reads the proxy target when preview() loads it.
  const previous = process.env.SPOTTER_API_URL;
  process.env.SPOTTER_API_URL = emulator.url;
  try {
    const versions = serviceWorkerVersions();
    const server = await preview({
      root,
      logLevel: 'warn',
      plugins: [versions.plugin],
      preview: { host: '127.0.0.1', port, strictPort: true, open: false },
    });
    return {
      baseUrl,
      emulator,
      setServiceWorkerVersion: (version) => versions.set(version),
      async stop() {
        await server.close();
        await emulator.stop();
      },
    };
  } catch (error) {
    await emulator.stop();
    throw error;
  } finally {
    if (previous === undefined) delete process.env.SPOTTER_API_URL;
    else process.env.SPOTTER_API_URL = previous;
  }
}
