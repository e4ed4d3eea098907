// ESLint 9 flat config. Syntax-level rules only (no type information), so `npm run lint` stays fast;
// `tsc --noEmit` already does the type checking. Formatting is prettier's job (.prettierrc.json), so no
// stylistic rules here. Import boundaries between layers are checked by dependency-cruiser
// (.dependency-cruiser.mjs, `npm run lint:boundaries`), not by ESLint.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig({ ignores: ['node_modules/', 'coverage/', 'dist/'] }, js.configs.recommended, tseslint.configs.recommended, {
  languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
  // A disable comment that no longer suppresses anything is an error, so none outlive their reason.
  linterOptions: { reportUnusedDisableDirectives: 'error' },
  rules: {
    // An intentionally unused parameter or binding is named with a leading underscore.
    '@typescript-eslint/no-unused-vars': [
      'error',
      { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
    ],
    eqeqeq: ['error', 'always', { null: 'ignore' }],
  },
});
