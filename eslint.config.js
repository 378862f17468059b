import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import layout from './tools/eslint/server-boundaries.js';
import { readdirSync } from 'node:fs';

/*
 * Web client boundaries. app/ is the shell (providers, router, layouts, i18n setup): it imports
 * the rest, never the other way round. Shared folders do not import features, and a feature uses
 * another only through that feature's entry (features/<name>/index.ts, imported as '../<name>').
 * Import paths are matched as written (relative), so each feature gets its own block naming the
 * other features; the list is read from the folder, so a new feature is covered at once. Static
 * imports and re-exports are checked (type-only ones too), not import().
 */
const WEB = 'apps/web/src';
const WEB_FEATURES = readdirSync(new URL(`./${WEB}/features`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const WEB_SHARED = ['api', 'components', 'config', 'hooks', 'lib', 'platform', 'state'];

const shellImports = (allowed = []) => ({
  group: ['**/app/**', ...allowed.map((path) => `!${path}`)],
  message:
    'app/ is the shell: it imports the rest, never the other way round (shared code: state/, hooks/, config/).',
});
const featureImports = {
  group: ['**/features/**'],
  message: 'Shared code does not depend on a feature.',
};
const featureInternals = (name) => ({
  group: [`**/${name}/**`],
  message: `Use the ${name} feature through its entry ('../${name}', its index.ts), not its files.`,
});

/** Two blocks: one for the sources, one letting their tests boot the shell's i18n (real texts). */
function webBoundary(folder, patterns) {
  const rule = (allowed) => ({
    'no-restricted-imports': [
      'error',
      {
        patterns: [shellImports(allowed), ...patterns],
        paths: [
          {
            name: 'react-router',
            importNames: ['useNavigate'],
            message:
              "Use hooks/useStableNavigate: outside a data router, react-router's navigate changes on every navigation.",
          },
        ],
      },
    ],
  });
  const files = `${WEB}/${folder}/**/*.{ts,tsx}`;
  return [
    { files: [files], rules: rule() },
    { files: [[files, '**/*.test.{ts,tsx}']], rules: rule(['**/app/i18n']) },
  ];
}

/** Server dependencies that load on first use only (platform/lazy.ts), never by a static import. */
const LAZY_PACKAGES = [
  'stripe',
  '@aws-sdk/*',
  'openid-client',
  'ws',
  'lowlight',
  '@ai-sdk/anthropic',
  '@ai-sdk/google',
  '@ai-sdk/azure',
  'mdast-util-*',
  'micromark-*',
  'hast-util-*',
  'unist-util-*',
];

const WEB_BOUNDARIES = [
  ...WEB_SHARED.flatMap((folder) => webBoundary(folder, [featureImports])),
  ...WEB_FEATURES.flatMap((name) =>
    webBoundary(`features/${name}`, WEB_FEATURES.filter((other) => other !== name).map(featureInternals)),
  ),
];

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
  {
    files: ['apps/server/**/*.ts'],
    plugins: { layout },
    rules: { 'layout/server-boundaries': 'error' },
  },
  {
    // Libraries only some configurations use load on first use (platform/lazy.ts): a static
    // import would load them in every server, configured or not (docs/architecture.md, Modules).
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@chat/fake-upstreams',
              allowTypeImports: true,
              message:
                "The index brings every fake and their libraries: import the one you need ('@chat/fake-upstreams/openai').",
            },
          ],
          patterns: [
            {
              group: LAZY_PACKAGES,
              allowTypeImports: true,
              message: "Load it on first use with lazyModule (platform/lazy.ts); 'import type' is fine.",
            },
          ],
        },
      ],
    },
  },
  ...WEB_BOUNDARIES,
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**', 'bench/**', 'tools/**/cli.ts', '**/*.mjs'],
    rules: { 'no-console': 'off' },
  },
  {
    // Every spec's pages are watched for console errors and CSP violations (e2e/support/test.ts).
    files: ['e2e/specs/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test', 'expect'],
              message: "Take test and expect from '../support/test': it fails a test on console errors.",
            },
          ],
        },
      ],
    },
  },
);
