import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['src/test-setup.ts'],
    // Each wait is bounded by the setup's 5 s asyncUtilTimeout; a test of several waits on a
    // loaded machine (CI runs three files at once on two cores) needs more than Vitest's 5 s
    // default for the whole test, or one slow wait fails the test before its own bound.
    testTimeout: 20_000,
  },
});
