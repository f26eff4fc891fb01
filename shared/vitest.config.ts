import { defineConfig } from 'vitest/config';

// Pure logic: no sockets, no emulator.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // One process runs several files (they hold no global state of their own): a fresh one per
    // file was most of this suite's time (7.2 s of CPU -> 2.4, on 2 cores beside the stacks).
    isolate: false,
  },
});
