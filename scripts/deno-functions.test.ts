// The Supabase Edge Functions (supabase/functions, Deno) checked and tested with the Deno that the npm
// `deno` devDependency ships, so `npm test` runs them: their Deno unit tests (`*_test.ts`), a type check
// of each function's entry (its `npm:` imports resolve to the same versions as package-lock.json, from
// node_modules) and Deno's linter. Generous timeouts: a clean CI clone fills Deno's cache first.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const deno = `${root}node_modules/.bin/deno`;
const env = { ...process.env, DENO_DIR: `${root}node_modules/.cache/deno`, NO_COLOR: '1' };

function run(args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(deno, args, { cwd: root, env, timeout: 170_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, output: `${stdout}${stderr}` });
    });
  });
}

it('deno test supabase/functions: every unit test passes', { timeout: 180_000 }, async () => {
  const result = await run(['test', '--no-prompt', 'supabase/functions/send-push/']);
  expect(result.output).toMatch(/ok \| \d+ passed \| 0 failed/);
  expect(result.code, result.output).toBe(0);
});

it('deno check and deno lint accept send-push', { timeout: 180_000 }, async () => {
  const check = await run(['check', 'supabase/functions/send-push/index.ts']);
  expect(check.code, check.output).toBe(0);
  // The brief and Supabase's docs pin npm: specifiers inline (no import map to deploy beside them).
  const lint = await run(['lint', '--rules-exclude=no-import-prefix', 'supabase/functions']);
  expect(lint.code, lint.output).toBe(0);
});
