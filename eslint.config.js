// @ts-check
/**
 * Lint: typescript-eslint's recommended rules (syntax only, so the run stays quick; `tsc` does the
 * type checking), React's two rules of hooks for the browser code, and jsx-a11y's recommended
 * accessibility rules for what the components write. `npm run lint` runs first in `npm run test:all`;
 * a disable comment must say why (`-- reason`), and one that no longer disables anything fails.
 */
import comments from '@eslint-community/eslint-plugin-eslint-comments/configs';
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'var/**', 'coverage/**', 'playwright-report/**', 'test-results*/**', 'scratch/**'] },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  comments.recommended,
  {
    rules: {
      '@eslint-community/eslint-comments/require-description': ['error', { ignore: ['eslint-enable'] }],
      eqeqeq: ['error', 'smart'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
  {
    // The code that runs in the browser: components and hooks.
    files: ['src/app/**/*.{ts,tsx}', 'src/beheer/**/*.{ts,tsx}', 'renderer/react/**/*.{ts,tsx}', 'widgets/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    // A widget passes on rjsf's `autofocus`, which is set only when a flow asks for it (`ui:autofocus`).
    files: ['widgets/**/*.tsx'],
    rules: { 'jsx-a11y/no-autofocus': 'off' },
  },
  // Layout is Prettier's (`npm run format`): no lint rule may disagree with it.
  prettier,
);
