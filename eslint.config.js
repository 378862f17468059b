import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import boundaries from 'eslint-plugin-boundaries';

/*
 * The server's layout (docs/architecture.md): a feature uses another feature only through its
 * index.ts (the module and what it exports), shared plumbing (platform, db, config) and providers
 * never import a feature, and the app's code never imports test support (apps/server/test).
 */
const serverBoundaries = (extraPolicies) => ({
  plugins: { boundaries },
  settings: {
    'import/resolver': { typescript: { project: 'apps/server/tsconfig.json' } },
    'boundaries/elements': [
      { type: 'server-test', pattern: 'apps/server/test' },
      { type: 'feature', pattern: 'apps/server/src/features/*', capture: ['name'] },
      { type: 'providers', pattern: 'apps/server/src/providers' },
      { type: 'shared', pattern: 'apps/server/src/(platform|db|config)' },
    ],
  },
  rules: {
    'boundaries/dependencies': [
      'error',
      {
        default: 'allow',
        policies: [
          {
            from: { element: { type: 'feature' } },
            disallow: {
              to: {
                element: {
                  type: 'feature',
                  captured: { name: '!{{from.element.captured.name}}' },
                  fileInternalPath: '!index.ts',
                },
              },
            },
          },
          {
            from: { element: { type: ['providers', 'shared'] } },
            disallow: { to: { element: { type: 'feature' } } },
          },
          ...extraPolicies,
        ],
      },
    ],
  },
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.builds/**',
      'data/**',
      'e2e/.data*/**',
      'test-results/**',
      'playwright-report/**',
      'apps/server/src/db/migrations/**',
      'apps/web/public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  { files: ['apps/server/**/*.ts'], ...serverBoundaries([]) },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    ...serverBoundaries([
      {
        from: { element: { type: ['feature', 'providers', 'shared'] } },
        disallow: { to: { element: { type: 'server-test' } } },
      },
    ]),
  },
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**', 'bench/**', 'tools/**/cli.ts', '**/*.mjs'],
    rules: { 'no-console': 'off' },
  },
);
