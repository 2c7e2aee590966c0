// Lint: the recommended rules of JavaScript and TypeScript, React's hook rules, jsx-a11y and Astro.
// `npm test` runs it (with Prettier's check) before anything else; an error fails the run.
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', '.netlify/', '.astro/', 'node_modules/', 'test-results/', 'playwright-report/', 'coverage/'] },
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
);
