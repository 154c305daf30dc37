/**
 * `npm run emulator`: the local Supabase-compatible backend.
 *   --port <n>        HTTP port (default 54321)
 *   --data-dir <dir>  where data, keys and status.json live (default .spotter)
 *   --memory          keep everything in memory
 *   --reset           delete the data directory first
 *   --autoconfirm     sign-up signs in at once, without the confirmation e-mail (overrides config.toml)
 *   --config <file>   the Supabase CLI config.toml to follow (default supabase/config.toml)
 * DATABASE_URL set: use that PostgreSQL server instead of embedded PGlite.
 */
import { parseArgs } from 'node:util';
import { DEFAULT_PORT } from './src/config';
import { startEmulator, statusLines } from './src/start-emulator';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: String(DEFAULT_PORT) },
    'data-dir': { type: 'string', default: '.spotter' },
    memory: { type: 'boolean', default: false },
    reset: { type: 'boolean', default: false },
    autoconfirm: { type: 'boolean', default: false },
    config: { type: 'string' },
    quiet: { type: 'boolean', default: false },
  },
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a port number, got "${values.port}"`);
  process.exit(2);
}

const started = Date.now();
const emulator = await startEmulator({
  port,
  dataDir: values['data-dir'],
  memory: values.memory,
  reset: values.reset,
  // Without the flag, `[auth.email] enable_confirmations` in config.toml decides.
  ...(values.autoconfirm ? { autoconfirm: true } : {}),
  ...(values.config ? { configPath: values.config } : {}),
  ...(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : {}),
  ...(values.quiet ? {} : { log: (line: string) => console.log(`[emulator] ${line}`) }),
});

console.log(`Spotter Supabase emulator ready in ${Date.now() - started} ms`);
for (const line of statusLines(emulator.status)) console.log(line);

const shutdown = () => {
  void emulator.stop().then(() => process.exit(0));
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
