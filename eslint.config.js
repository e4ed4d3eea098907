// ESLint 9 flat config. Syntax-level rules only (no type information), so `npm run lint` stays fast;
// `tsc --noEmit` already does the type checking. Formatting is prettier's job (.prettierrc.json), so no
// stylistic rules here. Import boundaries between layers are checked by dependency-cruiser
// (.dependency-cruiser.mjs, `npm run lint:boundaries`), not by ESLint.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const DIALECT_NAME = '/^(sqlite|postgres)$/';
const DIALECT_MESSAGE = 'Compare no dialect name: ask the dialect object on the handle (db.dialect, src/load/dialects/warehouse-dialect.ts) instead.';
export const DIALECT_NAME_CHECKS = [
  { selector: `BinaryExpression[operator=/^[!=]==?$/] > Literal[value=${DIALECT_NAME}]`, message: DIALECT_MESSAGE },
  { selector: `SwitchCase > Literal.test[value=${DIALECT_NAME}]`, message: DIALECT_MESSAGE },
];

export default defineConfig(
  { ignores: ['node_modules/', 'coverage/', 'dist/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
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
  },
  {
    // What a dialect does differently lives on its dialect object (src/load/dialects/warehouse-dialect.ts), never in
    // a comparison with its name scattered through the code (docs/CONVENTIONS.md, "Dialects").
    files: ['src/**/*.ts'],
    rules: {
      'no-restricted-syntax': ['error', ...DIALECT_NAME_CHECKS],
    },
  },
  {
    // The workspace packages (packages/*) are imported by name, as their package.json `exports` allow, never
    // by a path into their folders: what relsync uses of the simulator is what its entry exports.
    files: ['src/**/*.ts', 'test/**/*.ts', 'scripts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/packages/*/**'], message: 'Import a workspace package by its name (@relsync/simulator), not by a path into it.' }] },
      ],
    },
  },
);
