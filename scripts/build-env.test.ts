// A production build meant for hosted Supabase (VITE_SUPABASE_URL set) without its keys must stop before
// bundling, naming what is missing, instead of shipping the local stack's demo keys (src/lib/backend-env.ts,
// checked by vite.config.ts). Runs the real `vite build` in a child process with that environment.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../', import.meta.url));
const outDir = mkdtempSync(path.join(tmpdir(), 'spotter-build-env-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('production build environment', () => {
  it('fails without the hosted keys, naming them', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, VITE_SUPABASE_URL: 'https://abcd.supabase.co' };
    delete env.VITE_SUPABASE_ANON_KEY;
    delete env.VITE_SUPABASE_PUBLISHABLE_KEY;
    delete env.VITE_VAPID_PUBLIC_KEY;
    const run = promisify(execFile)(
      process.execPath,
      [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir'],
      { cwd: root, env },
    );
    const failure = (await run.then(
      () => null,
      (error: unknown) => error,
    )) as { code?: number; stderr?: string } | null;
    expect(failure, 'the build succeeded').not.toBeNull();
    expect(failure?.code).not.toBe(0);
    expect(failure?.stderr).toContain('VITE_SUPABASE_PUBLISHABLE_KEY (or the legacy VITE_SUPABASE_ANON_KEY)');
    expect(failure?.stderr).toContain('VITE_VAPID_PUBLIC_KEY');
  }, 60_000);
});
