/**
 * Runs the project's send-push Edge Function (supabase/functions/send-push/index.ts) with the Deno that
 * the npm `deno` devDependency ships, on a free loopback port, as hosted Supabase runs it: so the
 * emulator tests the sender that is deployed. Its `npm:` imports resolve from the project's node_modules
 * (the versions package-lock.json pins); Deno's cache is node_modules/.cache/deno.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const DENO = `${root}node_modules/.bin/deno`;
const ENTRY = `${root}supabase/functions/send-push/index.ts`;
/** A first run on a clean clone may fill Deno's cache first. */
const START_TIMEOUT_MS = 120_000;

export interface SendPushProcess {
  /** http://127.0.0.1:<port>/ */
  url: string;
  stop(): Promise<void>;
}

export function startSendPush(
  env: Record<string, string>,
  log: (line: string) => void,
): Promise<SendPushProcess> {
  const child = spawn(
    DENO,
    ['run', '--no-prompt', '--allow-net', '--allow-env', '--allow-read', '--allow-sys', ENTRY],
    {
      cwd: root,
      env: { ...process.env, DENO_DIR: `${root}node_modules/.cache/deno`, NO_COLOR: '1', ...env, PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    let started = false;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`send-push did not start within ${START_TIMEOUT_MS} ms`));
    }, START_TIMEOUT_MS);
    const onLine = (line: string) => {
      const listening = /^listening (\d+)$/.exec(line);
      if (listening && !started) {
        started = true;
        clearTimeout(timer);
        resolve({
          url: `http://127.0.0.1:${listening[1]}/`,
          async stop() {
            if (child.exitCode === null) child.kill('SIGTERM');
            await exited;
          },
        });
      } else if (line.trim() !== '') {
        log(line);
      }
    };
    for (const stream of [child.stdout, child.stderr]) {
      let buffered = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        buffered += chunk;
        const lines = buffered.split('\n');
        buffered = lines.pop() ?? '';
        lines.forEach(onLine);
      });
    }
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('exit', (code) => {
      if (!started) {
        clearTimeout(timer);
        reject(new Error(`send-push exited with ${code} before listening`));
      }
    });
  });
}
