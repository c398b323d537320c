// @ts-check
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import pluginQuery from '@tanstack/eslint-plugin-query'
import globals from 'globals'
import { readdirSync } from 'node:fs'

/** zod only through src/domain/zod.ts, which configures it before any schema is built. */
const zodPath = {
  name: 'zod',
  message:
    "Import { z } from src/domain/zod (it turns off zod's eval probe, which the CSP reports).",
}

/**
 * Folder names a layer may not import from, packages it may not use, and (for a feature) the
 * other features; see docs/decisions/0002-layers.md.
 */
const layer = (
  /** @type {string[]} */ forbidden,
  extra = /** @type {string[]} */ ([]),
  siblings = /** @type {string[]} */ ([]),
) => ({
  'no-restricted-imports': [
    'error',
    {
      paths: [zodPath],
      patterns: [
        ...forbidden.map((name) => ({
          group: [`**/${name}`, `**/${name}/**`],
          message: `This layer may not import from ${name}/ (imports flow domain ← checker ← api ← features ← app).`,
        })),
        ...extra.map((name) => ({
          group: [name, `${name}/**`],
          message: `No ${name} in this layer.`,
        })),
        ...siblings.map((name) => ({
          group: [`**/features/${name}`, `**/features/${name}/**`, `../${name}`, `../${name}/**`],
          message: `A feature never imports another (here ${name}/): share it through components/ or domain/.`,
        })),
      ],
    },
  ],
})

/** The feature folders, read from the tree so that a new one is covered too. */
const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-demo',
      'dist-server',
      'public/mockServiceWorker.js',
      'test-results',
      'node_modules',
      '.scratch',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  jsxA11y.flatConfigs.recommended,
  ...pluginQuery.configs['flat/recommended'],
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-eval': 'error',
      'no-implied-eval': 'error',
      'no-new-func': 'error',
      // We do not run the React Compiler; this rule only says it would skip TanStack Table hooks.
      'react-hooks/incompatible-library': 'off',
    },
  },
  {
    files: ['test/**/*.{ts,mjs,js}', 'scripts/**/*.ts', '*.config.{ts,js}', 'src/server/**/*.mjs'],
    languageOptions: { globals: globals.node },
  },
  // Nothing that runs in the browser imports the server (each layer's list below names it too).
  { files: ['src/**/*.{ts,tsx}'], rules: layer(['server']) },
  {
    files: ['src/domain/**'],
    rules: layer(
      ['checker', 'api', 'features', 'app', 'components', 'mocks', 'config', 'server'],
      ['react', 'react-dom'],
    ),
  },
  {
    files: ['src/checker/**'],
    rules: layer(
      ['api', 'features', 'app', 'components', 'mocks', 'config', 'server'],
      ['react', 'react-dom'],
    ),
  },
  {
    files: ['src/api/**'],
    rules: layer(['features', 'app', 'components', 'mocks', 'server'], ['msw']),
  },
  {
    files: ['src/components/**'],
    rules: layer(['features', 'app', 'mocks', 'api', 'server'], ['msw']),
  },
  ...FEATURES.map((name) => ({
    files: [`src/features/${name}/**`],
    rules: layer(
      ['app', 'mocks', 'server'],
      ['msw'],
      FEATURES.filter((other) => other !== name),
    ),
  })),
  {
    files: ['src/mocks/**'],
    rules: layer(['api', 'features', 'app', 'components', 'server'], ['react', 'react-dom']),
  },
  // The API server runs in Node only: it may use domain, checker and (to seed) mocks, never the UI.
  {
    files: ['src/server/**'],
    languageOptions: { globals: globals.node },
    rules: layer(['api', 'features', 'app', 'components', 'config'], ['react', 'react-dom', 'msw']),
  },
  // Tests wire layers together (a page test starts the mock server); the rule guards shipped code.
  {
    files: ['**/*.test.{ts,tsx}', 'src/testing/**', 'src/server/testing/**', 'src/domain/zod.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
)
