// Serves the production build (dist/) with `vite preview` on a free loopback port for the end-to-end tests,
// building it first when dist/ is missing, and stops the server after the run. Tests read the address with
// `inject('baseUrl')`.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { preview } from 'vite';
import type { TestProject } from 'vitest/node';
import {
  chromiumMajor,
  CHROMIUM_PATH,
  HEADLESS_SHELL_PATH,
  hasChromium,
  MIN_CHROMIUM_MAJOR,
} from './support/chromium.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

const root = fileURLToPath(new URL('../..', import.meta.url));

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (hasChromium) {
    for (const executable of new Set([CHROMIUM_PATH, HEADLESS_SHELL_PATH])) {
      const major = chromiumMajor(executable);
      if (major !== null && major < MIN_CHROMIUM_MAJOR) {
        throw new Error(
          `[e2e] ${executable} is Chromium ${major}; these tests need ${MIN_CHROMIUM_MAJOR} or later ` +
            '(older ones ignore offline emulation). Upgrade it: ' +
            'apt-get update && apt-get install chromium chromium-headless-shell.',
        );
      }
    }
  }
  if (!existsSync(path.join(root, 'dist', 'index.html'))) {
    // The project's own build (app, then service worker), exactly as `npm test` runs it.
    console.log('[e2e] dist/ is missing: running `npm run build` first');
    // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
    execFileSync('npm', ['run', 'build'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
  }
  const server = await preview({
    root,
    logLevel: 'warn',
    preview: { host: '127.0.0.1', port: 0, strictPort: false, open: false },
  });
  const address = server.httpServer.address() as AddressInfo | null;
  if (address === null) throw new Error('vite preview did not start listening');
  const baseUrl = `http://127.0.0.1:${address.port}`;
  project.provide('baseUrl', baseUrl);

  return async () => {
    await server.close();
  };
}
