// @ts-check
import { readdirSync, existsSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Feature folders may not import each other (house style: imports flow shared -> features -> app).
// One block per feature, generated from the folders that exist, so a new feature is covered at once.
const featuresDir = new URL('./src/features/', import.meta.url);
const features = existsSync(featuresDir)
  ? readdirSync(featuresDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
  : [];

const workerImportRule = {
  group: ['**/sync-worker/**', '**/sync-worker'],
  allowTypeImports: true,
  message: 'The page talks to the sync worker through comlink; import only its types.',
};

const featureBoundaryBlocks = features.map((feature) => ({
  files: [`src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      {
        patterns: [
          workerImportRule,
          {
            group: features
              .filter((other) => other !== feature)
              .flatMap((other) => [
                `@/features/${other}`,
                `@/features/${other}/**`,
                `**/features/${other}/**`,
              ]),
            message:
              'Features never import each other; move shared code to src/components, src/lib or src/domain.',
          },
        ],
      },
    ],
  },
}));

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
    ignores: ['dist', 'build-sw', 'node_modules', '.spotter', 'coverage', 'bench/results', '**/*.d.ts'],
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
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [workerImportRule] }],
      // User text (names, titles, notes) is only ever shown as text: React escapes it, and nothing may
      // hand a string to the HTML parser instead.
      'no-restricted-syntax': ['error', ...noHtmlSinks],
    },
  },
  {
    // Shared presentational components never reach into data: they get what they show as props.
    files: ['src/components/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            workerImportRule,
            {
              group: ['@/db', '@/db/**', '@/sync', '@/sync/**', '**/db/**', '**/sync/**', '@/features/**'],
              message: 'Shared components never import db/, sync/ or features; pass data in as props.',
            },
          ],
        },
      ],
    },
  },
  ...featureBoundaryBlocks,
  {
    files: ['sync-worker/**/*.ts', 'service-worker/**/*.ts'],
    languageOptions: { globals: { ...globals.worker, ...globals.serviceworker } },
    rules: { 'no-restricted-syntax': ['error', ...noHtmlSinks] },
  },
  {
    files: ['supabase/**/*.ts', 'scripts/**/*.ts', 'bench/**/*.ts', 'test/**/*.ts', '*.config.ts'],
    languageOptions: { globals: { ...globals.node } },
  },
);
