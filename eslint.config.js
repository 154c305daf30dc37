// @ts-check
import { readdirSync, existsSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Layers, lowest first; each may import only the layers below it (docs/architecture.md, "Layers"):
//   src/domain       pure rules                                   shared by page and sync worker
//   src/db           RxDB: schemas, live reads, write commands    shared by page and sync worker
//   src/lib          small page wrappers (auth, i18n, service worker, storage health)
//   src/components   shared presentational UI (no data access)
//   src/sync         the page's data services: user-data context, worker handle, sync status
//   src/features/*   one folder per domain; never each other, never app/routes
//   src/app, src/routes, src/boot: shell, router and route modules, start-up; nothing imports them
// The sync worker imports only src/domain and src/db; only src/lib/service-worker opens the service
// worker's storage. Tests are exempt from the layer zones (a test may reach across to check a seam), not
// from the worker and service-worker rules below.
const featuresDir = new URL('./src/features/', import.meta.url);
const features = existsSync(featuresDir)
  ? readdirSync(featuresDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
  : [];

const testFiles = ['**/*.test.ts', '**/*.test.tsx'];

const workerImportRule = {
  group: ['**/sync-worker/**', '**/sync-worker'],
  allowTypeImports: true,
  message: 'The page talks to the sync worker through comlink; import only its types.',
};

const serviceWorkerStorageRule = {
  regex: '^(?:\\.\\./)+service-worker/queue-db$',
  message:
    "Only src/lib/service-worker talks to the service worker's storage; import @/lib/service-worker/queue-db.",
};

/** An import pattern for the given top folders of src/, by alias (`@/app/x`) or by a relative path (`../../app/x`). */
function srcFolders(folders) {
  return `^(?:@/|(?:\\.\\./)+)(?:${folders.join('|')})(?:/|$)`;
}

/** One block: files in `files` (tests aside) may not import `folders` of src/. */
function layer(files, folders, message, extra = [], ignores = []) {
  return {
    files,
    ignores: [...testFiles, ...ignores],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            workerImportRule,
            ...(files.some((f) => f.startsWith('src/lib/service-worker/')) ? [] : [serviceWorkerStorageRule]),
            ...(folders.length > 0 ? [{ regex: srcFolders(folders), message }] : []),
            ...extra,
          ],
        },
      ],
    },
  };
}

const top = ['app', 'routes', 'boot'];
const layerBlocks = [
  layer(
    ['src/domain/**/*.{ts,tsx}'],
    ['db', 'lib', 'components', 'sync', 'features', ...top],
    'src/domain is pure and shared with the sync worker: it imports only src/domain.',
  ),
  layer(
    ['src/db/**/*.{ts,tsx}'],
    ['lib', 'components', 'sync', 'features', ...top],
    'src/db is shared with the sync worker: it imports only src/domain and src/db.',
  ),
  layer(
    ['src/lib/**/*.{ts,tsx}'],
    ['components', 'sync', 'features', ...top],
    'src/lib sits below components, sync and features: it imports only src/domain, src/db and src/lib.',
    [],
    ['src/lib/service-worker/**'],
  ),
  // The one module that opens the service worker's storage (src/lib/service-worker/queue-db.ts).
  layer(
    ['src/lib/service-worker/**/*.{ts,tsx}'],
    ['components', 'sync', 'features', ...top],
    'src/lib sits below components, sync and features: it imports only src/domain, src/db and src/lib.',
  ),
  // Shared presentational components never reach into data: they get what they show as props.
  layer(
    ['src/components/**/*.{ts,tsx}'],
    ['db', 'sync', 'features', ...top],
    'Shared components never import db/, sync/ or features; pass data in as props.',
  ),
  layer(
    ['src/sync/**/*.{ts,tsx}'],
    ['components', 'features', ...top],
    'src/sync serves the features: it imports only src/domain, src/db, src/lib and src/sync.',
  ),
  // One block per feature, generated from the folders that exist, so a new feature is covered at once.
  ...features.map((feature) =>
    layer(
      [`src/features/${feature}/**/*.{ts,tsx}`],
      top,
      'Features never import src/app, src/routes or src/boot; move what they share to src/sync, src/lib or src/db.',
      [
        {
          group: features
            .filter((other) => other !== feature)
            .flatMap((other) => [
              `@/features/${other}`,
              `@/features/${other}/**`,
              `**/features/${other}/**`,
              `../${other}/**`,
              `../../${other}/**`,
              `../../../${other}/**`,
            ]),
          message: 'Features never import each other; move shared code to src/components, src/lib or src/db.',
        },
      ],
    ),
  ),
];

// The sync worker bundles only the shared layers (src/domain, src/db), never page code.
const workerBlock = {
  files: ['sync-worker/**/*.ts'],
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: '^(?:(?:\\.\\./)+src/(?!(?:domain|db)(?:/|$))|@/(?!(?:domain|db)(?:/|$)))',
            message: 'The sync worker imports only the shared layers, src/domain and src/db.',
          },
        ],
      },
    ],
  },
};

const noHtmlSinks = [
  {
    selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
    message: 'Markup in user text must show as text: render it as a React child instead.',
  },
  {
    selector: 'AssignmentExpression[left.property.name=/^(innerHTML|outerHTML)$/]',
    message: 'Markup in user text must show as text: set textContent instead.',
  },
  {
    selector:
      "CallExpression[callee.property.name=/^(insertAdjacentHTML|write|writeln)$/][callee.object.name='document'], CallExpression[callee.property.name='insertAdjacentHTML']",
    message: 'Markup in user text must show as text: build nodes instead.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'build-sw',
      'node_modules',
      '.spotter',
      'coverage',
      'bench/results',
      '**/*.d.ts',
      // Generated by `npm run db:types` (postgres-meta's output, typechecked, not hand-written).
      'src/db/database.types.ts',
      // Deno (Edge Functions): checked and linted by Deno itself (scripts/deno-functions.test.ts).
      'supabase/functions',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // Async functions that implement an async interface without awaiting are fine.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // TanStack Router's notFound() and redirect() are meant to be thrown.
      '@typescript-eslint/only-throw-error': [
        'error',
        {
          allow: [{ from: 'package', package: '@tanstack/router-core', name: ['NotFoundError', 'Redirect'] }],
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: { ...globals.node },
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // useLive and useLiveSource take dependencies as useMemo does (src/db/use-live-query.ts); check them alike.
      'react-hooks/exhaustive-deps': ['error', { additionalHooks: '^(useLive|useLiveSource)$' }],
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [workerImportRule] }],
      // User text (names, titles, notes) is only ever shown as text: React escapes it, and nothing may
      // hand a string to the HTML parser instead.
      'no-restricted-syntax': ['error', ...noHtmlSinks],
    },
  },
  ...layerBlocks,
  {
    files: ['sync-worker/**/*.ts', 'service-worker/**/*.ts'],
    languageOptions: { globals: { ...globals.worker, ...globals.serviceworker } },
    rules: { 'no-restricted-syntax': ['error', ...noHtmlSinks] },
  },
  workerBlock,
  {
    files: ['supabase/**/*.ts', 'scripts/**/*.ts', 'bench/**/*.ts', 'test/**/*.ts', '*.config.ts'],
    languageOptions: { globals: { ...globals.node } },
  },
);
