import { defineConfig } from 'vitest/config';
import { PREACT_TEST_ALIASES } from './preact-aliases';

export default defineConfig({
  resolve: { alias: PREACT_TEST_ALIASES },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    passWithNoTests: true,
    setupFiles: ['src/app/preact-timing.ts'],
    // Inlined so that their `react` imports resolve to Preact as the app's do.
    server: {
      deps: {
        inline: [/@testing-library\/preact/, /@tanstack/, /react-router/, /react-markdown/, /lucide-react/],
      },
    },
  },
});
