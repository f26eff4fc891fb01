import { defineConfig } from 'vitest/config';

// Pure logic: no sockets, no emulator.
export default defineConfig({
  test: { include: ['src/**/*.test.ts'] },
});
