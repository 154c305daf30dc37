/**
 * `npm start`: the whole product on this machine, with no account and no Docker.
 * 1. starts the local Supabase emulator (embedded PGlite in .spotter/, or DATABASE_URL's PostgreSQL),
 * 2. builds the app against it (production build, service worker included),
 * 3. serves the build with SPA fallback, and prints the app, API and inbox URLs.
 *
 * Options: --port <app port, default 4173>, --api-port <default 54321>, --no-build (serve the existing
 * dist/), --reset (fresh emulator data), --autoconfirm (sign-up without the e-mail step).
 */
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import { preview } from 'vite';
import { startEmulator } from '../supabase/emulator/src/start-emulator';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4173' },
    'api-port': { type: 'string', default: '54321' },
    'no-build': { type: 'boolean', default: false },
    reset: { type: 'boolean', default: false },
    autoconfirm: { type: 'boolean', default: false },
  },
});

const appPort = Number(values.port);
const apiPort = Number(values['api-port']);
const host = '127.0.0.1';
const appUrl = `http://${host}:${appPort}`;

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`)),
    );
  });
}

console.log('Starting the local Supabase emulator…');
const emulator = await startEmulator({
  port: apiPort,
  reset: values.reset,
  autoconfirm: values.autoconfirm,
  siteUrl: appUrl,
  ...(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : {}),
  log: (line) => console.log(`[emulator] ${line}`),
}).catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`Could not start the emulator: ${message}`);
  if (message.includes('EADDRINUSE')) console.error(`Port ${apiPort} is busy: pass --api-port <free port>.`);
  process.exit(1);
});

if (!values['no-build']) {
  console.log('Building the app…');
  // No VITE_SUPABASE_URL: the app calls its own origin and the preview server forwards to the emulator.
  await run('npm', ['run', '--silent', 'build'], {});
}

// vite.config.ts reads this when preview() loads it: the proxy target for /auth/v1, /rest/v1, ...
process.env.SPOTTER_API_URL = emulator.url;
const server = await preview({ preview: { host, port: appPort, strictPort: true, open: false } });

console.log(`
Spotter is running.
  App:    ${appUrl}
  API:    ${emulator.url}
  Inbox:  ${emulator.status.INBOX_URL}   (sign-up and password e-mails land here)
Press Ctrl+C to stop.`);

const shutdown = () => {
  void Promise.allSettled([server.close(), emulator.stop()]).then(() => process.exit(0));
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
