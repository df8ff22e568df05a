import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Zones may not leak: browser code never reaches Electron, Node built-ins or the
// embedded backend; server functions never import React.
// Bare built-in names are listed as exact `paths` (a gitignore-style pattern like 'http' would also
// match a local folder named http/); the `node:` prefix is caught by a pattern.
const nodeBuiltinNames = [
  'fs',
  'fs/promises',
  'path',
  'os',
  'child_process',
  'crypto',
  'http',
  'https',
  'net',
  'url',
  'stream',
  'util',
  'worker_threads',
];
const nodeBuiltinPaths = nodeBuiltinNames.map((name) => ({ name, message: 'Node built-ins are not available here.' }));
const browserZoneRestrictions = {
  paths: nodeBuiltinPaths,
  patterns: [
    { group: ['electron', 'electron/*'], message: 'Browser code must not import Electron; use the preload API.' },
    { group: ['node:*'], message: 'Browser code must not import Node built-ins.' },
    {
      group: ['**/supabase/local', '**/supabase/local/**'],
      message: 'Browser code talks to the backend through supabase-js only.',
    },
    { group: ['**/electron/**'], message: 'Browser code must not import the Electron shell.' },
  ],
};

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'dist/**',
      'dist-electron/**',
      'release/**',
      '.concierge/**',
      'supabase/types/database.ts',
      'supabase/functions/_shared/platform/database.types.ts',
      'coverage/**',
      'test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'off',
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}', 'public-site/**/*.{ts,tsx}'],
    ignores: ['renderer/vite.config.ts', 'public-site/vite.config.ts'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', browserZoneRestrictions],
    },
  },
  {
    // The console reaches the public site only through the `@conversation` alias (the shared chat
    // and call UI); anything else from public-site/ stays out of the renderer.
    files: ['renderer/**/*.{ts,tsx}'],
    ignores: ['renderer/vite.config.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: browserZoneRestrictions.paths,
          patterns: [
            ...browserZoneRestrictions.patterns,
            {
              group: ['**/public-site/**', '@conversation/../*', '@conversation/**/../*'],
              message: 'The console imports the public site only as @conversation/* (the shared conversation UI).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['supabase/functions/**/*.ts'],
    languageOptions: { globals: { ...globals.browser, Deno: 'readonly' } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: nodeBuiltinPaths,
          patterns: [
            {
              group: ['react', 'react-dom', 'react/*', '@blueprintjs/*'],
              message: 'Server functions never import UI code.',
            },
            {
              group: ['**/supabase/local', '**/supabase/local/**'],
              message: 'Functions deploy to hosted Supabase; they cannot import the local stack.',
            },
            { group: ['node:*'], message: 'Functions run on Deno; use Web-standard APIs.' },
          ],
        },
      ],
    },
  },
  {
    // The standalone phone relay's Node host (never deployed as a function): http + ws.
    files: ['supabase/functions/phone-relay/node-server.ts'],
    languageOptions: { globals: { ...globals.node } },
    rules: { 'no-restricted-imports': 'off' },
  },
);
