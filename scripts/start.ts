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

/**
 * Runs a command quietly: its output (hundreds of build lines a user does not need) is kept and printed
 * only when it fails, so the URLs stay the last thing on screen.
 */
function runQuietly(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) return resolve();
      process.stderr.write(Buffer.concat(output));
      reject(new Error(`${command} ${args.join(' ')} exited with ${code}`));
    });
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
  console.log('Building the app (about a minute the first time)…');
  const began = Date.now();
  // No VITE_SUPABASE_URL: the app calls its own origin and the preview server forwards to the emulator.
  await runQuietly('npm', ['run', '--silent', 'build']).catch(async (error: unknown) => {
    console.error(`The build failed: ${error instanceof Error ? error.message : String(error)}`);
    await emulator.stop();
    process.exit(1);
  });
  console.log(`Built in ${Math.round((Date.now() - began) / 1000)} s.`);
}

// vite.config.ts reads this when preview() loads it: the proxy target for /auth/v1, /rest/v1, ...
process.env.SPOTTER_API_URL = emulator.url;
// logLevel 'warn': Vite would print its own URL list; ours below says what each one is for.
const server = await preview({
  logLevel: 'warn',
  preview: { host, port: appPort, strictPort: true, open: false },
}).catch(async (error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`Could not serve the app: ${message}`);
  if (message.includes('already in use') || message.includes('EADDRINUSE'))
    console.error(`Port ${appPort} is busy: pass --port <free port>.`);
  await emulator.stop();
  process.exit(1);
});

console.log(`
Spotter is running.
  App:    ${appUrl}
  API:    ${emulator.url}
  Inbox:  ${emulator.status.INBOX_URL}   (sign-up and password e-mails land here)
Press Ctrl+C to stop.`);

let stopping = false;
const shutdown = () => {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping Spotter…');
  void Promise.allSettled([server.close(), emulator.stop()]).then(() => {
    const where = process.env.DATABASE_URL ? 'in your PostgreSQL database' : 'in .spotter/';
    console.log(`Stopped. Your data stays ${where} (npm start -- --reset starts fresh). Bye!`);
    process.exit(0);
  });
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
