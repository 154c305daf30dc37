/**
 * Serves the build the way the static host will: `vite preview` (behind `npm start` and the e2e tests)
 * sends each page and asset the headers dist/_headers gives it, the Content-Security-Policy included, so a
 * policy that would break the app on the host breaks it here first. The Supabase paths the preview forwards
 * to the emulator keep the emulator's own headers (in production they are another origin). Caching is the
 * one header the preview keeps its own: its file server revalidates every file (`no-cache`).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { headersForPath, parseHeadersFile } from './hosting-headers.ts';

export function hostingHeadersPreview(apiPaths: readonly string[]): Plugin {
  return {
    name: 'spotter-hosting-headers',
    configurePreviewServer(server) {
      const file = path.resolve(server.config.root, server.config.build.outDir, '_headers');
      // A dist/ built before this step existed has no _headers: serve it as before.
      if (!existsSync(file)) return;
      const rules = parseHeadersFile(readFileSync(file, 'utf8'));
      server.middlewares.use((request, response, next) => {
        const pathname = new URL(request.url ?? '/', 'http://preview').pathname;
        if (!apiPaths.some((prefix) => pathname.startsWith(prefix))) {
          for (const [name, value] of headersForPath(rules, pathname)) response.setHeader(name, value);
        }
        next();
      });
    },
  };
}
