/**
 * Runs `npm run bench -- emulator` with `DATABASE_URL` on a throwaway PostgreSQL 15 server, so the
 * `_pg` context figures are measured too: `npx tsx bench/emulator/with-postgres.ts`.
 * Owns: the PostgreSQL server it starts (stopped and deleted at the end) and the bench child process.
 */
import { spawn } from 'node:child_process';
import { startPostgres } from '../../test/support/postgres-server';

const server = await startPostgres();
try {
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn('npm', ['run', 'bench', '--', 'emulator'], {
      stdio: 'inherit',
      env: { ...process.env, DATABASE_URL: server.url },
    });
    child.once('error', reject);
    child.once('exit', resolve);
  });
  process.exitCode = code ?? 1;
} finally {
  await server.stop();
}
