// Lint: the recommended rules of JavaScript and TypeScript, React's hook rules, jsx-a11y, Astro, and
// the import rules that keep the code's structure: no cycle, and each part importing only the parts
// below it (scripts/lint/layers.js). `npm test` runs it (with Prettier's check) before anything else;
// an error fails the run.
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import astro from 'eslint-plugin-astro';
import { importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { zones } from './scripts/lint/layers.js';

/** An import that climbs to a shared part (src/lib, src/client, src/stores or the server's). */
const climbTo = (server) => `^(\\.\\./)+((src/)?(lib|client|stores)|${server})/`;
const NAME_IT = 'Import it as #lib/..., #client/..., #stores/..., #server/... or #features/... (package.json imports).';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      '.netlify/',
      '.astro/',
      'node_modules/',
      'netlify/functions-bundled/',
      'test-results/',
      'playwright-report/',
      'coverage/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // A leading underscore names what is left out on purpose (`{ id: _, ...rest }`).
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      // A feature registers its names with the audit log by extending its registry (#lib/audit).
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
    },
  },
  { files: ['**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  {
    files: ['**/*.tsx'],
    rules: {
      // A region that scrolls is focusable, so the keyboard can scroll it (axe: scrollable-region-focusable).
      'jsx-a11y/no-noninteractive-tabindex': ['error', { roles: ['region', 'tabpanel'], tags: ['ul'] }],
    },
  },
  // React's hook rules in full (its recommended set): the rules of hooks; effect dependencies, an error
  // since a missing one reads a stale value; and the React Compiler's checks that a render is pure and
  // that refs, state and effects are used as React expects (no ref read while rendering, no state set
  // synchronously in an effect...). Two only warn, as React ships them: a library the compiler cannot
  // memoise, and syntax it does not support.
  {
    files: ['**/*.tsx', 'src/**/use*.ts'],
    ...reactHooks.configs.flat.recommended,
    rules: { ...reactHooks.configs.flat.recommended.rules, 'react-hooks/exhaustive-deps': 'error' },
  },
  ...astro.configs.recommended,
  {
    files: ['**/*.{js,mjs,ts,mts,tsx,astro}'],
    plugins: { 'import-x': importX },
    settings: {
      // The files the rules follow, parsed as TypeScript (the plugin's defaults follow .js alone).
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts'] },
      'import-x/resolver-next': [createTypeScriptImportResolver()],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: zones() }],
    },
  },
  {
    // The shared parts are reached by their names (package.json's `imports`), never by climbing to them.
    files: ['{src,netlify,scripts}/**/*.{js,mjs,ts,mts,tsx,astro}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: climbTo('(netlify/)?server'), message: NAME_IT }] }],
    },
  },
  {
    // In a feature's folder, `server/` is the feature's own.
    files: ['src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: climbTo('netlify/server'), message: NAME_IT }] }],
    },
  },
  {
    // A cycle of imports that run (types aside, which leave nothing at run time; tests/unit/layers.test.ts
    // looks for those too). Tests import the code but nothing imports them, so they close no cycle.
    files: ['{src,netlify,scripts}/**/*.{js,mjs,ts,mts,tsx,astro}'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
);
