import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { scriptHash } from './hosting-headers';
import { writeHostingFiles } from './write-hosting-files';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

it('writes the headers and the SPA fallback, and takes the source maps out of what is published', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'spotter-hosting-'));
  dirs.push(root);
  const dist = path.join(root, 'dist');
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), '<html><script>boot()</script></html>');
  writeFileSync(path.join(dist, 'assets', 'index-AbCd1234.js'), 'app()');
  writeFileSync(path.join(dist, 'assets', 'index-AbCd1234.js.map'), '{}');

  const { csp, movedSourceMaps } = writeHostingFiles(dist, path.join(root, 'maps'), 'https://p.supabase.co');

  expect(csp).toContain(`script-src 'self' ${scriptHash('boot()')}`);
  expect(csp).toContain("connect-src 'self' https://p.supabase.co wss://p.supabase.co");
  expect(readFileSync(path.join(dist, '_headers'), 'utf8')).toContain(`Content-Security-Policy: ${csp}`);
  expect(readFileSync(path.join(dist, '_redirects'), 'utf8')).toBe('/* /index.html 200\n');
  expect(movedSourceMaps).toBe(1);
  expect(existsSync(path.join(dist, 'assets', 'index-AbCd1234.js.map'))).toBe(false);
  expect(readFileSync(path.join(root, 'maps', 'assets', 'index-AbCd1234.js.map'), 'utf8')).toBe('{}');
  expect(existsSync(path.join(dist, 'assets', 'index-AbCd1234.js'))).toBe(true);
});
