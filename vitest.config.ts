import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.test.{ts,tsx}'],
    exclude: ['node_modules/**', 'dist/**', 'e2e/**', '.cache/**'],
    globalSetup: ['tests/global-setup.ts'],
    pool: 'forks',
    // The in-process test servers share the app's logger: keep request logs out of the test report.
    env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
