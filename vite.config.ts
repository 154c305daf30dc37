import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin, type ProxyOptions } from 'vite';
import { hostingHeadersPreview } from './scripts/hosting-preview.ts';
import { localeParts } from './scripts/locale-parts-plugin.ts';
import { readBackendEnv } from './src/lib/backend-env.ts';

// Where the Supabase API lives for `npm run dev`, `npm start` and the end-to-end tests: the local emulator.
// The app, when built without VITE_SUPABASE_URL, talks to its own origin, and these servers forward the
// Supabase paths there (WebSocket included). One origin means no CORS and a service worker that sees
// every API call; a production build for hosted Supabase sets VITE_SUPABASE_URL instead.
const apiUrl = process.env.SPOTTER_API_URL ?? 'http://127.0.0.1:54321';
const apiPaths = ['/auth/v1', '/rest/v1', '/storage/v1', '/realtime/v1', '/inbox'];
const apiProxy: Record<string, ProxyOptions> = Object.fromEntries(
  apiPaths.map((path) => [path, { target: apiUrl, changeOrigin: false, ws: path === '/realtime/v1' }]),
);

// A build for hosted Supabase with its URL but not its keys fails here, with the message of backend-env.ts,
// instead of shipping the local stack's demo keys.
function backendEnvCheck(): Plugin {
  return {
    name: 'spotter-backend-env',
    configResolved(config) {
      if (config.command === 'build') readBackendEnv(config.env as Record<string, string | undefined>);
    },
  };
}

// The page bundle. The sync worker is bundled by Vite through `new Worker(new URL(...))`;
// the service worker is built separately by scripts/build-service-worker.ts after this build.
export default defineConfig({
  // localeParts: the challenge and streak texts also load one entry at a time (src/lib/i18n/locale-parts.ts).
  // hostingHeadersPreview: `vite preview` sends dist/_headers (the host's CSP and caching) like the host.
  plugins: [
    react(),
    localeParts(fileURLToPath(new URL('.', import.meta.url))),
    backendEnvCheck(),
    hostingHeadersPreview(apiPaths),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
    // rxjs's ES2015 build (its `es2015` export condition) before its ES5 default: classes instead of
    // tslib's helpers, for the page (RxDB's stack, the local-db chunk) and the sync worker alike.
    // bench web: the local-db chunk 82.5 -> 81.0 KB gzipped. No other bundled package has the condition.
    conditions: ['es2015', ...defaultClientConditions],
  },
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    // Maps without a `sourceMappingURL` comment; scripts/write-hosting-files.ts moves them out of dist/.
    sourcemap: 'hidden',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The toast store on its own: the app's providers watch it (to mount the toast host on the first
            // toast), and without this group the bundler ships it inside the notifications component chunk,
            // which the landing page would then load for nothing.
            {
              name: 'toast-store',
              test: /@mantine[\\/](?:notifications[\\/]esm[\\/]notifications\.store|store[\\/])/,
            },
            // React, the router and i18next in one chunk: every app page runs all of them, and one file gzips
            // about 4 KB smaller than the handful the bundler cuts them into (bench web, first screen).
            {
              name: 'framework',
              test: /node_modules[\\/](?:react|react-dom|scheduler|@tanstack|i18next|react-i18next|use-sync-external-store)[\\/]/,
            },
            // The local database's stack (RxDB, Dexie, their helpers, rxjs, comlink for the worker handle) in
            // one chunk: only signed-in screens use it, always all of it, and one chunk gzips better than the
            // dozen small shared chunks the bundler otherwise cuts it into (first signed-in screen figure).
            // Not the migration-schema plugin and the replication protocol it migrates through: they load
            // only when a stored collection is older than its schema (src/db/migration-due.ts).
            {
              name: 'local-db',
              test: /node_modules[\\/](?:rxdb(?![\\/]dist[\\/]\w+[\\/](?:plugins[\\/]migration-schema|replication-protocol)[\\/])|dexie|mingo|rxjs|broadcast-channel|event-reduce-js|custom-idle-queue|oblivious-set|unload|array-push-at-sort-position|binary-decision-diagram|comlink)[\\/]/,
            },
            // The toast host (loaded on the first toast) and the scroll lock of dialogs, each on its own and
            // without their dependencies: the home-screen group below takes the static imports of what it
            // captures, and the toast function's import of @mantine/notifications would otherwise bring the
            // whole host into the first screen.
            {
              name: 'toast-host',
              test: /node_modules[\\/](?:@mantine[\\/](?:notifications[\\/]esm[\\/](?!notifications\.store|index)|core[\\/]esm[\\/]components[\\/]Notification[\\/]|hooks[\\/]esm[\\/]use-drag[\\/])|react-transition-group|@babel[\\/]runtime)[\\/]?/,
              priority: 1,
              includeDependenciesRecursively: false,
            },
            {
              name: 'remove-scroll',
              test: /node_modules[\\/](?:react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|get-nonce)[\\/]/,
              priority: 1,
              includeDependenciesRecursively: false,
            },
            // The signed-in layout and the home screen with everything they import (Mantine's components, the
            // shell, the home cards, the domain code) in one chunk: the first screen of every returning user.
            // Split, they were about a hundred small chunks, each gzipped on its own and each a request,
            // which cost weight and, on a slow connection, the paint (bench web, first signed-in screen).
            {
              name: 'home-screen',
              test: /src[\\/]routes[\\/](?:app|home)\.(?:route|lazy)\.tsx$/,
            },
          ],
        },
      },
    },
  },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true, proxy: apiProxy },
  server: { host: '127.0.0.1', port: 5173, proxy: apiProxy },
});
