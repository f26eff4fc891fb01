import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    setupFiles: ['../emulator/src/testing/loopback-only.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
