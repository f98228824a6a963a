// ESLint flat config: recommended JS + TypeScript rules, JupyterLab's plugin
// rules, and Prettier as the single source of formatting.
import js from '@eslint/js';
import jupyterPlugin from '@jupyter/eslint-plugin';
import prettierRecommended from 'eslint-plugin-prettier/recommended';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig([
  {
    ignores: [
      'node_modules',
      '**/node_modules',
      'lib',
      'coverage',
      'mlemodernizer',
      '.venv',
      '**/*.js',
      '**/*.mjs',
      '**/*.d.ts',
      'ui-tests/test-results',
      'ui-tests/playwright-report'
    ]
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  { plugins: { jupyter: jupyterPlugin } },
  jupyterPlugin.configs.recommended,
  {
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    languageOptions: {
      globals: { ...globals.browser, ...globals.es2020 },
      parserOptions: {
        project: 'tsconfig.test.json',
        tsconfigRootDir: import.meta.dirname,
        sourceType: 'module'
      }
    },
    rules: {
      '@typescript-eslint/naming-convention': [
        'error',
        {
          selector: 'interface',
          format: ['PascalCase'],
          custom: { regex: '^I[A-Z]', match: true }
        }
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { args: 'none', ignoreRestSiblings: true }
      ],
      '@typescript-eslint/no-namespace': 'off',
      '@typescript-eslint/no-floating-promises': 'error',
      curly: ['error', 'all'],
      eqeqeq: 'error',
      'prefer-arrow-callback': 'error'
    }
  },
  {
    files: ['ui-tests/**/*.ts'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } }
  },
  prettierRecommended
]);
