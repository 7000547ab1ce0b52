import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.test.{ts,tsx}'],
    exclude: ['node_modules/**', 'dist/**', 'e2e/**', '.cache/**'],
    globalSetup: ['tests/global-setup.ts'],
    // A stray .only fails its file in every environment, not only when CI is set.
    allowOnly: false,
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
