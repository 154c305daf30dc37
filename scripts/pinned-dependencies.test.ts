// rxdb and @supabase/auth-js are pinned exactly because the code reads their internals, which no semver
// range protects. An upgrade must come with a look at each place below; this test fails until it has had
// one (update CHECKED_AGAINST after re-reading them and running the suite).
//   rxdb: sync-worker/core/insert-new.ts and first-pull.ts (the Dexie storage's internals and changes$),
//         src/db/migration-due.ts (the internal store's schema metadata).
//   @supabase/auth-js: src/lib/auth/stored-session.ts (the stored session's shape, EXPIRY_MARGIN_MS),
//         src/lib/auth/auth-client.ts (GoTrueClient built as supabase-js builds it).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const CHECKED_AGAINST = { rxdb: '17.6.0', '@supabase/auth-js': '2.109.0' } as const;

const root = new URL('../', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as {
  dependencies: Record<string, string>;
};
const require = createRequire(new URL('package.json', root));

function installedVersion(name: string): string {
  return (JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as { version: string })
    .version;
}

describe('dependencies whose internals the code reads', () => {
  for (const [name, version] of Object.entries(CHECKED_AGAINST)) {
    it(`${name} is pinned to ${version}, the version its internals were checked against`, () => {
      expect(manifest.dependencies[name], `package.json pins ${name} exactly`).toBe(version);
      expect(installedVersion(name), `the installed ${name}`).toBe(version);
    });
  }
});
