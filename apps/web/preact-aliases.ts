import { fileURLToPath } from 'node:url';

/**
 * The app is written against React's API and runs on Preact (preact/compat): about 60 KiB of
 * gzipped JavaScript less on every page (docs/decisions.md, "Preact in place of React").
 * The build and the web tests both resolve these, so the tests run what ships.
 */
const module = (path: string): string =>
  fileURLToPath(new URL(`../../node_modules/${path}`, import.meta.url));

const exact: Record<string, string> = {
  'react-dom/client': 'preact/compat/client',
  'react-dom/server': 'preact/compat/server',
  'react-dom/test-utils': 'preact/test-utils',
  'react-dom': 'preact/compat',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-dev-runtime',
  react: 'preact/compat',
};

/** Packages whose default (CommonJS, for Node) build would load React itself in the tests. */
const esmOnly: Record<string, string> = {
  '@testing-library/react': fileURLToPath(new URL('./src/test-support/testing-library.ts', import.meta.url)),
  // One DOM Testing Library (10.x): @testing-library/preact would bring its own 8.x, unconfigured here.
  '@testing-library/dom': module('@testing-library/dom/dist/@testing-library/dom.esm.js'),
  'lucide-react': module('lucide-react/dist/esm/lucide-react.mjs'),
  'react-router': module('react-router/dist/development/index.mjs'),
};

export const PREACT_ALIASES = Object.entries(exact).map(([find, replacement]) => ({
  find: new RegExp(`^${find}$`),
  replacement,
}));

export const PREACT_TEST_ALIASES = [
  ...PREACT_ALIASES,
  ...Object.entries(esmOnly).map(([find, replacement]) => ({
    find: new RegExp(`^${find}$`),
    replacement,
  })),
];
