// The layer zones in eslint.config.js (docs/architecture.md, "Layers"): a deliberately wrong import, linted
// through the ESLint Node API as in-memory text under a real path, must fail with the zone's message, and
// the allowed direction must pass. Only the import rule runs, without type information, so this stays fast.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const RULE = '@typescript-eslint/no-restricted-imports';

const eslint = new ESLint({
  cwd: new URL('..', import.meta.url).pathname,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
  ruleFilter: ({ ruleId }) => ruleId === RULE,
});

async function importErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? 'fatal'}: ${m.message}`);
}

describe('layer zones', () => {
  it.each([
    [
      'a feature importing src/app',
      'src/features/home/components/x.tsx',
      "import { x } from '@/app/router';",
    ],
    [
      'a feature importing src/routes by a relative path',
      'src/features/home/components/x.tsx',
      "import { x } from '../../../routes/home';",
    ],
    [
      'a feature importing another feature',
      'src/features/home/components/x.tsx',
      "import { x } from '@/features/gym/components/gym-page';",
    ],
    [
      'a feature importing another feature by a relative path',
      'src/features/home/components/x.tsx',
      "import { x } from '../../gym/components/gym-page';",
    ],
    [
      'the sync worker importing a feature',
      'sync-worker/core/x.ts',
      "import { x } from '../../src/features/home/data/use-achievements';",
    ],
    [
      'the sync worker importing src/lib',
      'sync-worker/main-x.ts',
      "import { x } from '../src/lib/backend-config';",
    ],
    ['src/db importing src/lib', 'src/db/x.ts', "import { x } from '@/lib/backend-config';"],
    ['src/domain importing src/db', 'src/domain/x.ts', "import { x } from '../db/types';"],
    ['src/lib importing src/sync', 'src/lib/x.ts', "import { x } from '@/sync/user-data-context';"],
    ['a shared component importing src/db', 'src/components/x.tsx', "import { x } from '@/db/types';"],
    [
      'a feature opening the service worker storage',
      'src/features/push/x.ts',
      "import { QueueDb } from '../../../service-worker/queue-db';",
    ],
    [
      'page code importing the worker at run time',
      'src/sync/x.ts',
      "import { createSyncWorkerApi } from '../../sync-worker/api';",
    ],
  ])('refuses %s', async (_name, filePath, code) => {
    const errors = await importErrors(filePath, code);
    expect(errors.length, errors.join('\n')).toBe(1);
    expect(errors[0]).toContain(RULE);
  });

  it.each([
    [
      'a feature importing the shared layers',
      'src/features/home/components/x.tsx',
      "import { x } from '@/sync/user-data-context';\nimport { y } from '@/db/types';\nimport { z } from '@/lib/backend-config';",
    ],
    [
      'the sync worker importing src/db and src/domain',
      'sync-worker/core/x.ts',
      "import { x } from '../../src/db/types';\nimport { y } from '../../src/domain/dates';",
    ],
    [
      'src/lib/service-worker opening its storage',
      'src/lib/service-worker/x.ts',
      "import { QueueDb } from '../../../service-worker/queue-db';",
    ],
    ['app importing a feature', 'src/app/x.tsx', "import { x } from '@/features/home/components/home-page';"],
  ])('allows %s', async (_name, filePath, code) => {
    expect(await importErrors(filePath, code)).toEqual([]);
  });
});
